import { Box, Button, Typography } from "@mui/material";
import { closeSnackbar, enqueueSnackbar, type VariantType } from "notistack";

/** How long a notice with «Отменить» stays, and so how long its undo is offered. */
export const UNDO_WINDOW_MS = 10_000;

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
    { variant },
  );
}

/**
 * Notifications at the top right, below the app bar (at the bottom on a phone), titled as the spec names
 * them. They never take a tap meant for what lies under them; only their own buttons do.
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
        autoHideDuration: UNDO_WINDOW_MS,
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
