import {
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  CircularProgress,
  Stack,
  Typography,
} from "@mui/material";
import { ZMarketScheduleCreateSchema } from "@wholesale/contract";
import { useState } from "react";
import { ApiError } from "../../api/client.ts";
import { FormDialog } from "../../ui/FormDialog.tsx";
import { FormTextField } from "../../ui/FormField.tsx";
import { SwitchField } from "../../ui/SwitchField.tsx";
import { useMarketSchedules, useScheduleMutations } from "./api.ts";
import { ScheduleItem } from "./ScheduleItem.tsx";

function AddScheduleDialog({ onClose }: { onClose: () => void }) {
  const { create } = useScheduleMutations();
  return (
    <FormDialog
      title="Добавить расписание"
      maxWidth={500}
      schema={ZMarketScheduleCreateSchema}
      defaultValues={{ name: "", is_active: true }}
      onSubmit={(body) => create.mutateAsync(body)}
      onClose={onClose}
    >
      {({ control }) => (
        <Stack spacing={2} sx={{ pt: 1 }}>
          <FormTextField control={control} name="name" label="Название" autoFocus />
          <SwitchField control={control} name="is_active" label="Активно" />
        </Stack>
      )}
    </FormDialog>
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
