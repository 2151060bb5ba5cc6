import { CssBaseline, ThemeProvider } from "@mui/material";
import { lazy, Suspense, useMemo } from "react";
import { RouterProvider } from "react-router";
import { setUnauthorizedHandler } from "../api/client.ts";
import { signOut } from "../session/session.ts";
import { createAppRouter } from "./router.tsx";
import { theme } from "./theme.ts";

// The notices' renderer (notistack) is not part of the first screen's download: it follows at once.
const Notices = lazy(() => import("../notices/Notices.tsx"));

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
      <RouterProvider router={router} />
      <Suspense fallback={null}>
        <Notices />
      </Suspense>
    </ThemeProvider>
  );
}
