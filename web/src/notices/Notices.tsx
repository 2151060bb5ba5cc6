import { GlobalStyles, type Theme } from "@mui/material";
import { closeSnackbar, enqueueSnackbar, SnackbarProvider } from "notistack";
import { useEffect } from "react";
import { attachSnackbars } from "./notify.tsx";

/**
 * Notices open below the app bar (64px at its tallest), never over its title or the logout button; on a
 * phone they sit at the bottom, away from the sticky chips, menus and dialog titles at the top. A notice takes
 * its own taps and closes on one (`notify.tsx`); the space between notices lets taps through, as notistack
 * makes it. The body prefix outweighs notistack's own classes whatever order the styles load in.
 */
const placement = (theme: Theme) => ({
  "body .notistack-SnackbarContainer": { top: 64 },
  [theme.breakpoints.down("sm")]: {
    "body .notistack-SnackbarContainer": { top: "auto", bottom: 8, flexDirection: "column-reverse" },
  },
});

/**
 * Where `notify` shows its notices: at most four at a time, each for 5 s unless it says otherwise. App.tsx
 * loads it after the first screen; what `notify` was told meanwhile appears as it mounts.
 */
export default function Notices() {
  useEffect(() => {
    // notistack's functions are bound by whichever provider mounted last: they are read at each call.
    attachSnackbars({
      enqueue: (message, options) => enqueueSnackbar(message, options),
      close: (key) => closeSnackbar(key),
    });
    return () => attachSnackbars(null);
  }, []);
  return (
    <>
      <GlobalStyles styles={placement} />
      <SnackbarProvider
        maxSnack={4}
        anchorOrigin={{ vertical: "top", horizontal: "right" }}
        autoHideDuration={5000}
      />
    </>
  );
}
