import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Stack,
  Switch,
  TextField,
  Typography,
} from "@mui/material";
import { type TTimeInterval, ZTimeIntervalCreateSchema } from "@wholesale/contract";
import { useState } from "react";
import { firstErrors } from "../../lib/form-errors.ts";
import { useIntervalMutations } from "./api.ts";

type Props = { scheduleId: number; interval: TTimeInterval | null; onClose: () => void };

/** Add or edit one daily interval: 1-minute time pickers and an «Активно» switch. */
export function IntervalDialog({ scheduleId, interval, onClose }: Props) {
  const { create, update } = useIntervalMutations();
  const [start, setStart] = useState(interval?.start_time.slice(0, 5) ?? "09:00");
  const [end, setEnd] = useState(interval?.end_time.slice(0, 5) ?? "18:00");
  const [isActive, setIsActive] = useState(interval?.is_active ?? true);
  const [errors, setErrors] = useState<{ start_time?: string; end_time?: string }>({});
  const saving = create.isPending || update.isPending;

  const onSave = () => {
    const parsed = ZTimeIntervalCreateSchema.safeParse({
      schedule: scheduleId,
      start_time: start,
      end_time: end,
      is_active: isActive,
    });
    if (!parsed.success) {
      setErrors(firstErrors(parsed.error, ([field]) => (field === "end_time" ? "end_time" : "start_time")));
      return;
    }
    // On a refusal the server's reason is toasted and the dialog stays open for a correction.
    if (interval) update.mutate({ id: interval.id, body: parsed.data }, { onSuccess: onClose });
    else create.mutate(parsed.data, { onSuccess: onClose });
  };

  return (
    <Dialog open onClose={onClose} fullWidth slotProps={{ paper: { sx: { maxWidth: 500 } } }}>
      <DialogTitle>{interval ? "Редактировать интервал" : "Добавить интервал"}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            label="Время начала"
            type="time"
            value={start}
            onChange={(e) => setStart(e.target.value)}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 60 } }}
            error={!!errors.start_time}
            helperText={errors.start_time}
          />
          <TextField
            label="Время окончания"
            type="time"
            value={end}
            onChange={(e) => setEnd(e.target.value)}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 60 } }}
            error={!!errors.end_time}
            helperText={errors.end_time}
          />
          <FormControlLabel
            label="Активно"
            control={<Switch checked={isActive} onChange={(e) => setIsActive(e.target.checked)} />}
          />
          <Typography variant="body2" color="text.secondary">
            Интервал будет работать ежедневно в указанное время
          </Typography>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Отмена</Button>
        <Button variant="contained" onClick={onSave} disabled={saving}>
          Сохранить
        </Button>
      </DialogActions>
    </Dialog>
  );
}
