import { CssBaseline, GlobalStyles, ThemeProvider } from "@mui/material";
import { SnackbarProvider } from "notistack";
import { useMemo } from "react";
import { RouterProvider } from "react-router";
import { setUnauthorizedHandler } from "../api/client.ts";
import { createAppRouter } from "./router.tsx";
import { signOut } from "./session.ts";
import { theme } from "./theme.ts";

export function App() {
  const router = useMemo(() => {
    const router = createAppRouter();
    // A 401 anywhere ends the session: tokens are gone (the signed-in layout drops its cached data when the
    // session ends), and the user signs in again.
    setUnauthorizedHandler(() => {
      signOut();
      if (router.state.location.pathname !== "/login") void router.navigate("/login");
    });
    return router;
  }, []);

  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {/* Notices open below the app bar (64px at its tallest), never over its title or the logout button.
          The body prefix outweighs notistack's own placement class whatever order the styles load in. */}
      <GlobalStyles styles={{ "body .notistack-SnackbarContainer": { top: 64 } }} />
      <SnackbarProvider
        maxSnack={4}
        anchorOrigin={{ vertical: "top", horizontal: "right" }}
        autoHideDuration={5000}
      >
        <RouterProvider router={router} />
      </SnackbarProvider>
    </ThemeProvider>
  );
}
