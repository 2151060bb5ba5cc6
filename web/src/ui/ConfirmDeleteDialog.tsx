import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from "@mui/material";

type Props = {
  open: boolean;
  /** The name of what is deleted, shown in the title. */
  label?: string;
  onConfirm: () => void;
  onClose: () => void;
};

/** The spec's confirm-delete dialog (part 2, 2.4): 400px, "Удаление", Да confirms then closes, Нет or outside closes. */
export function ConfirmDeleteDialog({ open, label, onConfirm, onClose }: Props) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      slotProps={{ paper: { sx: { width: 400, maxWidth: "calc(100% - 32px)" } } }}
    >
      <DialogTitle>{label ? `Удаление: ${label}` : "Удаление"}</DialogTitle>
      <DialogContent>
        <DialogContentText>Вы уверены? Отменить это действие будет невозможно!</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          Нет
        </Button>
        <Button
          color="error"
          variant="contained"
          onClick={() => {
            onConfirm();
            onClose();
          }}
        >
          Да
        </Button>
      </DialogActions>
    </Dialog>
  );
}
