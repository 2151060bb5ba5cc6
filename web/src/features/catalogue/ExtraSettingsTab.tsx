import { Box, Button, Divider, FormControlLabel, Stack, Switch, Typography } from "@mui/material";
import {
  type TExclusive,
  type TModification,
  ZAdditionInputSchema,
  ZExclusiveUpdateSchema,
  ZModificationCreateSchema,
} from "@wholesale/contract";
import { Controller } from "react-hook-form";
import { numberFromText } from "../../lib/form-fields.ts";
import { useSchemaForm } from "../../lib/schema-form.ts";
import { FormTextField } from "../../ui/FormField.tsx";
import { useDeleteAddition, useSaveAddition, useUpdateExclusive, useUpdateModification } from "./api.ts";

const decimal = { htmlInput: { inputMode: "decimal" } } as const;
const numeric = { htmlInput: { inputMode: "numeric" } } as const;

const modification = ZModificationCreateSchema.shape;
/** The modification's own settings; the one-hand limit is always sent (0: no limit). */
const ZSettingsFormSchema = ZModificationCreateSchema.pick({
  name: true,
  specifications: true,
  exclusive: true,
}).extend({
  one_hand_quantity: numberFromText(modification.one_hand_quantity.unwrap()),
});
const ZExclusiveFormSchema = ZExclusiveUpdateSchema.extend({
  quantity: numberFromText(ZExclusiveUpdateSchema.shape.quantity),
  ratio: numberFromText(ZExclusiveUpdateSchema.shape.ratio),
});
const addition = ZAdditionInputSchema.shape;
/** The addition as typed; the modification it belongs to is added on save. */
const ZAdditionFormSchema = ZAdditionInputSchema.omit({ modification: true }).extend({
  small_wholesale: numberFromText(addition.small_wholesale),
  large_wholesale: numberFromText(addition.large_wholesale),
});

function ExclusiveRow({ exclusive, disabled }: { exclusive: TExclusive; disabled: boolean }) {
  const update = useUpdateExclusive();
  const { form, submitTo } = useSchemaForm(ZExclusiveFormSchema, {
    defaultValues: { quantity: String(exclusive.quantity), ratio: String(exclusive.ratio) },
  });
  return (
    <Stack
      component="form"
      noValidate
      direction="row"
      spacing={1}
      alignItems="flex-start"
      onSubmit={submitTo((body) => update.mutateAsync({ id: exclusive.id, body }))}
    >
      <FormTextField
        control={form.control}
        name="quantity"
        size="small"
        label="Количество"
        disabled={disabled}
        slotProps={numeric}
      />
      <FormTextField
        control={form.control}
        name="ratio"
        size="small"
        label="Коэффициент"
        disabled={disabled}
        slotProps={decimal}
      />
      <Button type="submit" disabled={disabled || update.isPending}>
        Сохранить
      </Button>
    </Stack>
  );
}

/** Extra settings: name, specifications, the one-hand limit, exclusivity, exclusive entries and the addition. */
export function ExtraSettingsTab({
  modification,
  disabled,
}: {
  modification: TModification;
  disabled: boolean;
}) {
  const update = useUpdateModification();
  const saveAddition = useSaveAddition();
  const deleteAddition = useDeleteAddition();
  const settings = useSchemaForm(ZSettingsFormSchema, {
    defaultValues: {
      name: modification.name,
      specifications: modification.specifications,
      one_hand_quantity: String(modification.one_hand_quantity),
      exclusive: modification.exclusive,
    },
  });
  const current = modification.addition;
  const additionForm = useSchemaForm(ZAdditionFormSchema, {
    defaultValues: {
      description: current?.description ?? "",
      small_wholesale: String(current?.small_wholesale ?? ""),
      large_wholesale: String(current?.large_wholesale ?? ""),
    },
  });

  return (
    <Stack spacing={2} sx={{ pt: 1 }}>
      <Stack
        component="form"
        noValidate
        spacing={2}
        onSubmit={settings.submitTo((body) => update.mutateAsync({ id: modification.id, body }))}
      >
        <FormTextField control={settings.form.control} name="name" label="Название" disabled={disabled} />
        <FormTextField
          control={settings.form.control}
          name="specifications"
          label="Характеристики"
          multiline
          minRows={2}
          disabled={disabled}
        />
        <FormTextField
          control={settings.form.control}
          name="one_hand_quantity"
          label="Количество в одни руки"
          disabled={disabled}
          helperText="0 — без ограничения"
          slotProps={numeric}
        />
        <Controller
          name="exclusive"
          control={settings.form.control}
          render={({ field: { value, onChange, ...field } }) => (
            <FormControlLabel
              control={
                <Switch
                  {...field}
                  checked={value ?? false}
                  disabled={disabled}
                  onChange={(e) => onChange(e.target.checked)}
                />
              }
              label="Эксклюзив"
            />
          )}
        />
        <Box sx={{ display: "flex", justifyContent: "flex-end" }}>
          <Button type="submit" variant="contained" disabled={disabled || update.isPending}>
            Сохранить
          </Button>
        </Box>
      </Stack>

      {modification.exclusives.length > 0 && (
        <>
          <Divider />
          <Typography variant="subtitle2">Эксклюзивы</Typography>
          {modification.exclusives.map((e) => (
            <ExclusiveRow key={e.id} exclusive={e} disabled={disabled} />
          ))}
        </>
      )}

      <Divider />
      <Typography variant="subtitle2">Дополнение</Typography>
      <Stack
        component="form"
        noValidate
        spacing={2}
        onSubmit={additionForm.submitTo((typed) =>
          saveAddition.mutateAsync({
            id: current?.id ?? null,
            body: { ...typed, modification: modification.id },
          }),
        )}
      >
        <FormTextField
          control={additionForm.form.control}
          name="description"
          label="Описание дополнения"
          disabled={disabled}
        />
        <Stack direction="row" spacing={2} alignItems="flex-start">
          <FormTextField
            control={additionForm.form.control}
            name="small_wholesale"
            label="Малый опт"
            disabled={disabled}
            slotProps={decimal}
          />
          <FormTextField
            control={additionForm.form.control}
            name="large_wholesale"
            label="Крупный опт"
            disabled={disabled}
            slotProps={decimal}
          />
        </Stack>
        <Box sx={{ display: "flex", justifyContent: "flex-end", gap: 1 }}>
          {current && (
            <Button
              color="error"
              disabled={disabled || deleteAddition.isPending}
              onClick={() => deleteAddition.mutate({ id: current.id, modification: modification.id })}
            >
              Удалить дополнение
            </Button>
          )}
          <Button type="submit" disabled={disabled || saveAddition.isPending}>
            Сохранить дополнение
          </Button>
        </Box>
      </Stack>
    </Stack>
  );
}
