import {
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

/** Собрать по направлению: sends today's added positions of one direction to collect. */
export function CollectDirectionDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const directions = useUncollectedTransportations(open);
  const send = useSendToCollect();
  const [selected, setSelected] = useState<number | "">("");
  const withAdded = directions.data?.filter((d) => d.added_count > 0) ?? [];

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
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>Отмена</Button>
        <Button
          variant="contained"
          disabled={selected === "" || send.isPending}
          onClick={() => {
            if (selected === "") return;
            send.mutate({ type: "transportation", transportation_id: selected }, { onSuccess: close });
          }}
        >
          Собрать
        </Button>
      </DialogActions>
    </Dialog>
  );
}
