import {
  Box,
  Button,
  Chip,
  FormControlLabel,
  Paper,
  Stack,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Tooltip,
  Typography,
} from "@mui/material";
import type { TMarketSchedule, TTimeInterval } from "@wholesale/contract";
import { useState } from "react";
import { formatDateTime } from "../../lib/dates.ts";
import { ConfirmDeleteDialog } from "../../ui/ConfirmDeleteDialog.tsx";
import { ConfirmDialog } from "../../ui/ConfirmDialog.tsx";
import { EditDeleteActions } from "../../ui/EditDeleteActions.tsx";
import { useIntervalMutations, useScheduleMutations } from "./api.ts";
import { ClientTargetingDialog } from "./ClientTargetingDialog.tsx";
import { IntervalDialog } from "./IntervalDialog.tsx";
import { OpenMarketDialog } from "./OpenMarketDialog.tsx";

/** Part 2, section 9: times show as HH:MM, the first five characters. */
export const intervalLabel = (i: Pick<TTimeInterval, "start_time" | "end_time">) =>
  `Ежедневно: ${i.start_time.slice(0, 5)} - ${i.end_time.slice(0, 5)}`;

/** When the schedule next opens and closes, in Moscow time. */
export function scheduleTimesText(s: TMarketSchedule): string {
  if (!s.is_active) return "Расписание неактивно: маркет по нему не открывается";
  const at = formatDateTime;
  if (s.is_open) {
    const closes = s.next_close_at ? `закроется: ${at(s.next_close_at)}` : "до закрытия вручную";
    return `Открыто сейчас, ${closes}${s.next_open_at ? `; следующее открытие: ${at(s.next_open_at)}` : ""}`;
  }
  if (!s.next_open_at) return "Закрыто: нет активных интервалов";
  return `Закрыто, откроется: ${at(s.next_open_at)}${s.next_close_at ? `, закроется: ${at(s.next_close_at)}` : ""}`;
}

/** Why «Открыть маркет» is disabled on a switched-off schedule (the server refuses to open one, 409). */
export const OPEN_INACTIVE_REASON =
  "Расписание неактивно: включите «Активно» и нажмите «Сохранить», чтобы открыть маркет";

/** «Закрыть маркет» while the schedule is open, else «Открыть маркет», which needs the schedule switched on. */
function OpenCloseButton({ schedule, onOpen }: { schedule: TMarketSchedule; onOpen: () => void }) {
  const { close } = useScheduleMutations();
  const [confirming, setConfirming] = useState(false);
  if (schedule.is_open) {
    return (
      <>
        <Button
          variant="contained"
          color="error"
          disabled={close.isPending}
          onClick={() => setConfirming(true)}
        >
          Закрыть маркет
        </Button>
        {/* Closing queues the «end» notice to every targeted client at once: one click must not do that. */}
        <ConfirmDialog
          open={confirming}
          title="Закрыть маркет"
          text={`Закрыть маркет "${schedule.name}"? Клиенты получат сообщение об окончании работы`}
          confirmLabel="Закрыть"
          color="error"
          onConfirm={() => close.mutate(schedule.id)}
          onClose={() => setConfirming(false)}
        />
      </>
    );
  }
  const open = (
    <Button variant="contained" color="success" disabled={!schedule.is_active} onClick={onOpen}>
      Открыть маркет
    </Button>
  );
  if (schedule.is_active) return open;
  return (
    <Tooltip title={OPEN_INACTIVE_REASON}>
      {/* A disabled button fires no events; the span lets its tooltip still explain why. */}
      <Box component="span">{open}</Box>
    </Tooltip>
  );
}

type Dialog =
  | { kind: "interval"; interval: TTimeInterval | null }
  | { kind: "delete-interval"; interval: TTimeInterval }
  | { kind: "clients" }
  | { kind: "open" }
  | { kind: "delete" }
  | null;

/** One schedule: its name and «Активно» switch (saved by «Сохранить»), badges, intervals and actions. */
export function ScheduleItem({ schedule }: { schedule: TMarketSchedule }) {
  const { update, remove } = useScheduleMutations();
  const intervals = useIntervalMutations();
  const [name, setName] = useState(schedule.name);
  const [isActive, setIsActive] = useState(schedule.is_active);
  const [dialog, setDialog] = useState<Dialog>(null);
  const changed = name.trim() !== schedule.name || isActive !== schedule.is_active;

  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid={`schedule-${schedule.id}`}>
      <Stack spacing={2}>
        <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ alignItems: { sm: "center" } }}>
          <TextField
            label="Название"
            size="small"
            value={name}
            onChange={(e) => setName(e.target.value)}
            sx={{ minWidth: 260 }}
          />
          <FormControlLabel
            label="Активно"
            control={<Switch checked={isActive} onChange={(e) => setIsActive(e.target.checked)} />}
          />
          <Stack direction="row" spacing={1}>
            <Chip
              size="small"
              label={schedule.is_active ? "Активно" : "Неактивно"}
              color={schedule.is_active ? "success" : "default"}
            />
            {/* Switching a schedule off ends its manual opening: an old flag on an inactive one means nothing. */}
            {schedule.is_active && schedule.is_manually_opened && (
              <Chip size="small" color="warning" label="Открыто вручную" />
            )}
          </Stack>
        </Stack>

        <Typography variant="body2" color="text.secondary">
          {scheduleTimesText(schedule)}
        </Typography>

        {schedule.intervals.length === 0 ? (
          <Typography color="text.secondary">Нет временных интервалов</Typography>
        ) : (
          <TableContainer>
            <Table size="small" aria-label={`Интервалы: ${schedule.name}`}>
              <TableHead>
                <TableRow>
                  <TableCell>Время работы</TableCell>
                  <TableCell>Статус</TableCell>
                  <TableCell align="right">Действия</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {schedule.intervals.map((i) => (
                  <TableRow key={i.id}>
                    <TableCell>{intervalLabel(i)}</TableCell>
                    <TableCell>
                      <Chip
                        size="small"
                        variant="outlined"
                        label={i.is_active ? "Активно" : "Неактивно"}
                        color={i.is_active ? "success" : "default"}
                      />
                    </TableCell>
                    <TableCell align="right">
                      <EditDeleteActions
                        name={intervalLabel(i)}
                        onEdit={() => setDialog({ kind: "interval", interval: i })}
                        onDelete={() => setDialog({ kind: "delete-interval", interval: i })}
                      />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}

        <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1 }}>
          <Button variant="outlined" onClick={() => setDialog({ kind: "interval", interval: null })}>
            Добавить интервал
          </Button>
          <Button variant="outlined" onClick={() => setDialog({ kind: "clients" })}>
            Управление клиентами
          </Button>
          <OpenCloseButton schedule={schedule} onOpen={() => setDialog({ kind: "open" })} />
          <Button
            variant="contained"
            disabled={!changed || update.isPending}
            onClick={() => update.mutate({ id: schedule.id, body: { name, is_active: isActive } })}
          >
            Сохранить
          </Button>
          <Button color="error" onClick={() => setDialog({ kind: "delete" })}>
            Удалить
          </Button>
        </Box>
      </Stack>

      {dialog?.kind === "interval" && (
        <IntervalDialog scheduleId={schedule.id} interval={dialog.interval} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === "clients" && (
        <ClientTargetingDialog schedule={schedule} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === "open" && <OpenMarketDialog schedule={schedule} onClose={() => setDialog(null)} />}
      <ConfirmDeleteDialog
        open={dialog?.kind === "delete"}
        label={schedule.name}
        onConfirm={() => remove.mutate(schedule.id)}
        onClose={() => setDialog(null)}
      />
      <ConfirmDeleteDialog
        open={dialog?.kind === "delete-interval"}
        label={dialog?.kind === "delete-interval" ? intervalLabel(dialog.interval) : undefined}
        onConfirm={() => dialog?.kind === "delete-interval" && intervals.remove.mutate(dialog.interval.id)}
        onClose={() => setDialog(null)}
      />
    </Paper>
  );
}
