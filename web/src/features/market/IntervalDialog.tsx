import { Stack, Typography } from "@mui/material";
import { type TTimeInterval, ZTimeIntervalCreateSchema } from "@wholesale/contract";
import { FormDialog } from "../../ui/FormDialog.tsx";
import { FormTextField } from "../../ui/FormField.tsx";
import { SwitchField } from "../../ui/SwitchField.tsx";
import { useIntervalMutations } from "./api.ts";

type Props = { scheduleId: number; interval: TTimeInterval | null; onClose: () => void };

/** 1-minute steps; the label stays above the field, where a time input shows its own «--:--». */
const TIME_FIELD = { inputLabel: { shrink: true }, htmlInput: { step: 60 } } as const;

/** Add or edit one daily interval: 1-minute time pickers and an «Активно» switch. */
export function IntervalDialog({ scheduleId, interval, onClose }: Props) {
  const { create, update } = useIntervalMutations();
  return (
    <FormDialog
      title={interval ? "Редактировать интервал" : "Добавить интервал"}
      maxWidth={500}
      schema={ZTimeIntervalCreateSchema}
      defaultValues={{
        schedule: scheduleId,
        start_time: interval?.start_time.slice(0, 5) ?? "09:00",
        end_time: interval?.end_time.slice(0, 5) ?? "18:00",
        is_active: interval?.is_active ?? true,
      }}
      // On a refusal the server's reason is toasted and the dialog stays open for a correction.
      onSubmit={(body) =>
        interval ? update.mutateAsync({ id: interval.id, body }) : create.mutateAsync(body)
      }
      onClose={onClose}
    >
      {({ control }) => (
        <Stack spacing={2} sx={{ pt: 1 }}>
          <FormTextField
            control={control}
            name="start_time"
            label="Время начала"
            type="time"
            slotProps={TIME_FIELD}
          />
          <FormTextField
            control={control}
            name="end_time"
            label="Время окончания"
            type="time"
            slotProps={TIME_FIELD}
          />
          <SwitchField control={control} name="is_active" label="Активно" />
          <Typography variant="body2" color="text.secondary">
            Интервал будет работать ежедневно в указанное время
          </Typography>
        </Stack>
      )}
    </FormDialog>
  );
}
