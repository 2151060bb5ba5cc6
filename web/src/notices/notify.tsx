import { Box, Button, Typography } from "@mui/material";
import { UNDO_WINDOW_MS } from "@wholesale/contract/undo-window";
import type { OptionsObject, SnackbarKey, VariantType } from "notistack";
import type { ReactNode } from "react";

/** What shows the notices: notistack's, once `Notices.tsx` is mounted. */
export type Snackbars = {
  enqueue: (message: ReactNode, options: OptionsObject) => SnackbarKey;
  close: (key?: SnackbarKey) => void;
};

// The notices' renderer loads after the first screen (App.tsx), which has no room for it in its download; what
// is said before it is there waits for it, in order.
let snackbars: Snackbars | null = null;
const waiting: ((s: Snackbars) => void)[] = [];
function withSnackbars(act: (s: Snackbars) => void) {
  if (snackbars) act(snackbars);
  else waiting.push(act);
}
const enqueueSnackbar = (message: ReactNode, options: OptionsObject) =>
  withSnackbars((s) => s.enqueue(message, options));
const closeSnackbar = (key?: SnackbarKey) => withSnackbars((s) => s.close(key));

/** Called by `Notices.tsx` as it mounts (what waited is shown) and, with null, as it goes. */
export function attachSnackbars(next: Snackbars | null): void {
  snackbars = next;
  if (next) for (const act of waiting.splice(0)) act(next);
}

let lastKey = 0;

/**
 * A notice takes the taps that land on it and closes on one: a tap on its text never reaches the checkbox,
 * tab or button it happens to cover (it had ticked a position on the storehouse phone). Its own buttons act
 * as well as close it.
 */
function closingOnTap(): Pick<OptionsObject, "key" | "SnackbarProps"> {
  lastKey += 1;
  const key = `notice-${lastKey}`;
  return {
    key,
    SnackbarProps: {
      onClick: () => closeSnackbar(key),
      title: "Нажмите, чтобы закрыть",
      style: { cursor: "pointer" },
    },
  };
}

function show(variant: VariantType, title: string, text?: string) {
  enqueueSnackbar(
    <Box>
      <Typography variant="subtitle2" component="div">
        {title}
      </Typography>
      {text && (
        <Typography variant="body2" component="div">
          {text}
        </Typography>
      )}
    </Box>,
    { variant, ...closingOnTap() },
  );
}

/**
 * Notifications at the top right, below the app bar (at the bottom on a phone), titled as the spec names
 * them. A tap on one closes it and goes no further.
 */
export const notify = {
  success: (text: string, title = "Успешно") => show("success", title, text),
  error: (text: string, title = "Ошибка") => show("error", title, text),
  warning: (text: string, title: string) => show("warning", title, text),
  /** A step done at once that can still be taken back: «Заказ № 594 собран · Отменить». */
  undoable: (title: string, onUndo: () => void) =>
    enqueueSnackbar(
      <Typography variant="subtitle2" component="div">
        {title}
      </Typography>,
      {
        variant: "success",
        // As long as the server holds the client's notice back (contract's UNDO_WINDOW_MS).
        autoHideDuration: UNDO_WINDOW_MS,
        ...closingOnTap(),
        action: (key) => (
          <Button
            color="inherit"
            size="small"
            onClick={() => {
              closeSnackbar(key);
              onUndo();
            }}
          >
            Отменить
          </Button>
        ),
      },
    ),
  /** Takes every notice down: a successful sign-in ends what the failed attempts said. */
  clear: () => closeSnackbar(),
};
