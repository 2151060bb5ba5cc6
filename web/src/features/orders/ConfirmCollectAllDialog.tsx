import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Typography } from "@mui/material";
import type { TSendToCollect } from "@wholesale/contract";
import { useSendToCollect } from "./api.ts";
import { CollectCounts, useHasSomethingToCollect } from "./CollectCounts.tsx";

type Props = {
  /** The wholesale type to send; null while the dialog is closed. */
  choice: Extract<TSendToCollect, { type: "small_wholesale" | "large_wholesale" }> | null;
  onClose: () => void;
};

/** «Собрать все» asks first, naming how many of today's orders and positions go to the storehouse. */
export function ConfirmCollectAllDialog({ choice, onClose }: Props) {
  const send = useSendToCollect();
  const ready = useHasSomethingToCollect(choice);
  const typeName = choice?.type === "large_wholesale" ? "крупного опта" : "малого опта";
  return (
    <Dialog open={choice !== null} onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>Собрать все</DialogTitle>
      <DialogContent>
        <Stack spacing={1.5}>
          <Typography color="text.secondary">Сегодняшние заказы {typeName}.</Typography>
          <CollectCounts choice={choice} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Отмена</Button>
        <Button
          variant="contained"
          disabled={!ready || send.isPending}
          onClick={() => choice && send.mutate(choice, { onSuccess: onClose })}
        >
          Собрать
        </Button>
      </DialogActions>
    </Dialog>
  );
}
