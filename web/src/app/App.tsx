import { CssBaseline, ThemeProvider } from "@mui/material";
import { QueryClientProvider } from "@tanstack/react-query";
import { SnackbarProvider } from "notistack";
import { useMemo } from "react";
import { RouterProvider } from "react-router";
import { setUnauthorizedHandler } from "../api/client.ts";
import { createQueryClient } from "./query-client.ts";
import { createAppRouter } from "./router.tsx";
import { signOut } from "./session.ts";
import { theme } from "./theme.ts";

export function App() {
  const { queryClient, router } = useMemo(() => {
    const queryClient = createQueryClient();
    const router = createAppRouter();
    // A 401 anywhere ends the session: tokens are gone, cached data too, and the user signs in again.
    setUnauthorizedHandler(() => {
      signOut();
      queryClient.clear();
      if (router.state.location.pathname !== "/login") void router.navigate("/login");
    });
    return { queryClient, router };
  }, []);

  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <SnackbarProvider
        maxSnack={4}
        anchorOrigin={{ vertical: "top", horizontal: "right" }}
        autoHideDuration={5000}
      >
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </SnackbarProvider>
    </ThemeProvider>
  );
}
