import { CssBaseline, GlobalStyles, ThemeProvider } from "@mui/material";
import { SnackbarProvider } from "notistack";
import { useMemo } from "react";
import { RouterProvider } from "react-router";
import { setUnauthorizedHandler } from "../api/client.ts";
import { signOut } from "../session/session.ts";
import { createAppRouter } from "./router.tsx";
import { theme } from "./theme.ts";

/**
 * Notices open below the app bar (64px at its tallest), never over its title or the logout button; on a
 * phone they sit at the bottom, away from the sticky chips, menus and dialog titles at the top. A notice takes
 * its own taps and closes on one (`notify.tsx`); the space between notices lets taps through, as notistack
 * makes it. The body prefix outweighs notistack's own classes whatever order the styles load in.
 */
const NOTICE_PLACEMENT = {
  "body .notistack-SnackbarContainer": { top: 64 },
  [theme.breakpoints.down("sm")]: {
    "body .notistack-SnackbarContainer": { top: "auto", bottom: 8, flexDirection: "column-reverse" },
  },
} as const;

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
      <GlobalStyles styles={NOTICE_PLACEMENT} />
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
