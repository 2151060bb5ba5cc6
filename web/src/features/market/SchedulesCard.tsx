import {
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  CircularProgress,
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
import { ZMarketScheduleCreateSchema } from "@wholesale/contract";
import { useState } from "react";
import { ApiError } from "../../api/client.ts";
import { firstErrors } from "../../lib/form-errors.ts";
import { useMarketSchedules, useScheduleMutations } from "./api.ts";
import { ScheduleItem } from "./ScheduleItem.tsx";

function AddScheduleDialog({ onClose }: { onClose: () => void }) {
  const { create } = useScheduleMutations();
  const [name, setName] = useState("");
  const [isActive, setIsActive] = useState(true);
  const [error, setError] = useState<string>();

  const onSave = () => {
    const parsed = ZMarketScheduleCreateSchema.safeParse({ name, is_active: isActive });
    if (!parsed.success) {
      setError(firstErrors(parsed.error, () => "name" as const).name);
      return;
    }
    create.mutate(parsed.data, { onSuccess: onClose });
  };

  return (
    <Dialog open onClose={onClose} fullWidth slotProps={{ paper: { sx: { maxWidth: 500 } } }}>
      <DialogTitle>Добавить расписание</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            label="Название"
            autoFocus
            value={name}
            onChange={(e) => setName(e.target.value)}
            error={!!error}
            helperText={error}
          />
          <FormControlLabel
            label="Активно"
            control={<Switch checked={isActive} onChange={(e) => setIsActive(e.target.checked)} />}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Отмена</Button>
        <Button variant="contained" onClick={onSave} disabled={create.isPending}>
          Сохранить
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Card 2: the schedules, each with its intervals and actions. */
export function SchedulesCard() {
  const schedules = useMarketSchedules();
  const [adding, setAdding] = useState(false);
  const loadError = schedules.error instanceof ApiError ? schedules.error.detail : schedules.error?.message;

  return (
    <Card>
      <CardHeader
        title="Расписание маркета"
        action={
          <Button variant="contained" onClick={() => setAdding(true)}>
            Добавить расписание
          </Button>
        }
      />
      <CardContent sx={{ pt: 0 }}>
        {schedules.isPending ? (
          <CircularProgress size={24} />
        ) : schedules.isError ? (
          <Typography color="error">Ошибка загрузки: {loadError}</Typography>
        ) : schedules.data.length === 0 ? (
          <Typography color="text.secondary">Нет настроенных расписаний</Typography>
        ) : (
          <Stack spacing={2}>
            {schedules.data.map((s) => (
              // Saved changes of the name or the switch start the form afresh from the server's values.
              <Box key={`${s.id}:${s.name}:${s.is_active}`}>
                <ScheduleItem schedule={s} />
              </Box>
            ))}
          </Stack>
        )}
      </CardContent>
      {adding && <AddScheduleDialog onClose={() => setAdding(false)} />}
    </Card>
  );
}
