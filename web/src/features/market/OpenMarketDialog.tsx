import {
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControlLabel,
  Stack,
  TextField,
} from "@mui/material";
import type { TMarketSchedule } from "@wholesale/contract";
import dayjs from "dayjs";
import { useState } from "react";
import { BUSINESS_TIME_ZONE } from "../../lib/dates.ts";
import { useScheduleMutations } from "./api.ts";

/**
 * An hour from now in Moscow, as a datetime-local value. The spec pre-fills the current minute, which the
 * server refuses as not in the future by the time it arrives; an hour ahead is accepted as it stands.
 */
export const defaultCloseTime = () =>
  dayjs().tz(BUSINESS_TIME_ZONE).add(1, "hour").format("YYYY-MM-DDTHH:mm");

/**
 * Opens the market by hand, optionally closing itself at a Moscow date and time (sent without a zone:
 * the server reads it as Moscow time, whatever the browser's zone).
 */
export function OpenMarketDialog({ schedule, onClose }: { schedule: TMarketSchedule; onClose: () => void }) {
  const { open } = useScheduleMutations();
  const [autoClose, setAutoClose] = useState(false);
  const [closeTime, setCloseTime] = useState(defaultCloseTime);

  const onOpen = () =>
    open.mutate(
      { id: schedule.id, body: { close_time: autoClose ? closeTime : null } },
      { onSuccess: onClose },
    );

  return (
    <Dialog open onClose={onClose} fullWidth slotProps={{ paper: { sx: { maxWidth: 600 } } }}>
      <DialogTitle>Открыть маркет</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText>Вы собираетесь открыть маркет "{schedule.name}".</DialogContentText>
          <FormControlLabel
            label="Установить время автоматического закрытия"
            control={<Checkbox checked={autoClose} onChange={(e) => setAutoClose(e.target.checked)} />}
          />
          {autoClose && (
            <TextField
              label="Время закрытия"
              type="datetime-local"
              value={closeTime}
              onChange={(e) => setCloseTime(e.target.value)}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 60 } }}
            />
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Отмена</Button>
        <Button variant="contained" color="success" onClick={onOpen} disabled={open.isPending}>
          Открыть маркет
        </Button>
      </DialogActions>
    </Dialog>
  );
}
