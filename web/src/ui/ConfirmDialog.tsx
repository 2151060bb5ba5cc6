import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from "@mui/material";

type Props = {
  open: boolean;
  title: string;
  /** What happens once confirmed, in the user's words (who gets a message, what cannot be taken back). */
  text: string;
  /** The button that does it, named by its action («Закрыть», «Отправить»). */
  confirmLabel: string;
  /** Colours the confirming button; a step that reaches clients is `error`, as «Удалить» is. */
  color?: "error" | "primary";
  disabled?: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

/**
 * Asks before a step that reaches clients or cannot be undone: «Отмена», which has the focus so an Enter
 * never confirms by accident, then the action. Confirming closes the dialog.
 */
export function ConfirmDialog({
  open,
  title,
  text,
  confirmLabel,
  color = "primary",
  disabled,
  onConfirm,
  onClose,
}: Props) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      slotProps={{ paper: { sx: { width: 440, maxWidth: "calc(100% - 32px)" } } }}
    >
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{text}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          Отмена
        </Button>
        <Button
          color={color}
          variant="contained"
          disabled={disabled}
          onClick={() => {
            onConfirm();
            onClose();
          }}
        >
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
