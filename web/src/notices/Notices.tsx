import { GlobalStyles, type Theme, useMediaQuery, useTheme } from "@mui/material";
import { closeSnackbar, enqueueSnackbar, SnackbarProvider } from "notistack";
import { useEffect, useRef } from "react";
import { attachSnackbars } from "./notify.tsx";

/**
 * Notices open below the app bar (64px at its tallest), never over its title or the logout button; on a
 * phone they sit at the bottom, away from the sticky chips, menus and dialog titles at the top. A notice takes
 * its own taps and closes on one (`notify.tsx`); the space between notices lets taps through, as notistack
 * makes it. The body prefix outweighs notistack's own classes whatever order the styles load in.
 */
const placement = (theme: Theme) => ({
  "body .notistack-SnackbarContainer": { top: 64 },
  // notistack's own colours put white text on #43a047 (3.3 : 1), #ff9800 (2.2 : 1) and #2196f3 (3.1 : 1): the
  // theme's own (success's dark shade) keep it at 4.5 : 1 or more (WCAG AA); the error's red already does.
  "body .notistack-MuiContent-success": { backgroundColor: theme.palette.success.dark },
  "body .notistack-MuiContent-warning": { backgroundColor: theme.palette.warning.main },
  "body .notistack-MuiContent-info": { backgroundColor: theme.palette.info.main },
  [theme.breakpoints.down("sm")]: {
    "body .notistack-SnackbarContainer": { top: "auto", bottom: 8, flexDirection: "column-reverse" },
  },
});

/** How many notices a wide screen shows at once; a phone shows one. */
const MAX_NOTICES = 4;

/**
 * Where `notify` shows its notices: at most four at a time, each for 5 s unless it says otherwise. On a phone
 * one at a time, the newest in place of the one before: four stacked had covered some 200px of the storehouse's
 * list (the sign-in, then one «собрано» per order). App.tsx loads it after the first screen; what `notify` was
 * told meanwhile appears as it mounts.
 */
export default function Notices() {
  const phone = useMediaQuery(useTheme().breakpoints.down("sm"));
  const phoneNow = useRef(phone);
  phoneNow.current = phone;
  useEffect(() => {
    // notistack's functions are bound by whichever provider mounted last: they are read at each call.
    attachSnackbars({
      enqueue: (message, options) => {
        if (phoneNow.current) closeSnackbar();
        return enqueueSnackbar(message, options);
      },
      close: (key) => closeSnackbar(key),
    });
    return () => attachSnackbars(null);
  }, []);
  return (
    <>
      <GlobalStyles styles={placement} />
      <SnackbarProvider
        maxSnack={phone ? 1 : MAX_NOTICES}
        anchorOrigin={{ vertical: "top", horizontal: "right" }}
        autoHideDuration={5000}
      />
    </>
  );
}
