import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  InputLabel,
  MenuItem,
  Select,
  Typography,
} from "@mui/material";
import { useState } from "react";
import { useSendToCollect, useUncollectedTransportations } from "./api.ts";
import { CollectCounts, useHasSomethingToCollect } from "./CollectCounts.tsx";

/** Собрать по направлению: sends today's added positions of one direction to collect. */
export function CollectDirectionDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const directions = useUncollectedTransportations(open);
  const send = useSendToCollect();
  const [selected, setSelected] = useState<number | "">("");
  const withAdded = directions.data?.filter((d) => d.added_count > 0) ?? [];
  const choice = selected === "" ? null : ({ type: "transportation", transportation_id: selected } as const);
  const ready = useHasSomethingToCollect(choice);

  const close = () => {
    setSelected("");
    onClose();
  };

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="xs">
      <DialogTitle>Собрать по направлению</DialogTitle>
      <DialogContent>
        {directions.isSuccess && withAdded.length === 0 ? (
          <Typography color="text.secondary" sx={{ pt: 1 }}>
            Нет направлений с несобранными заказами
          </Typography>
        ) : (
          <FormControl fullWidth sx={{ mt: 1 }}>
            <InputLabel id="collect-direction-label">Направление</InputLabel>
            <Select
              labelId="collect-direction-label"
              label="Направление"
              value={selected}
              onChange={(e) => setSelected(Number(e.target.value))}
            >
              {withAdded.map((d) => (
                <MenuItem key={d.id} value={d.id}>
                  {d.name} ({d.added_count})
                </MenuItem>
              ))}
            </Select>
          </FormControl>
        )}
        {choice && (
          <Box sx={{ mt: 2 }}>
            <CollectCounts choice={choice} />
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>Отмена</Button>
        <Button
          variant="contained"
          disabled={!ready || send.isPending}
          onClick={() => choice && send.mutate(choice, { onSuccess: close })}
        >
          Собрать
        </Button>
      </DialogActions>
    </Dialog>
  );
}
