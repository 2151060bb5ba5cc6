import { FormControlLabel, Stack, Switch } from "@mui/material";
import { type TBrandExclusivesState, ZBrandExclusivesSchema, type z } from "@wholesale/contract";
import { useEffect, useState } from "react";
import { Controller, useFormContext } from "react-hook-form";
import { idFromSelect, numberFromText } from "../../lib/form-fields.ts";
import { FormDialog } from "../../ui/FormDialog.tsx";
import { FormSelectField, FormTextField } from "../../ui/FormField.tsx";
import { useBrandExclusives, useBrandExclusivesState, useNomenclature } from "./api.ts";

type Props = { open: boolean; brand: number | null; onClose: () => void; onDone: () => void };

const fields = ZBrandExclusivesSchema.shape;
/** The request, its ratio and percent typed in text boxes (a decimal comma too) and its brand in a select. */
const ZExclusiveFormSchema = ZBrandExclusivesSchema.extend({
  brand_id: idFromSelect(fields.brand_id, undefined),
  ratio: numberFromText(fields.ratio),
  percent: numberFromText(fields.percent),
});
type FormValues = z.input<typeof ZExclusiveFormSchema>;

const valuesOf = (brand: number | "", state?: TBrandExclusivesState): FormValues => ({
  brand_id: brand,
  exclusive: state?.exclusive ?? false,
  ratio: String(state?.ratio ?? 0),
  percent: String(state?.percent ?? 0),
});

/** Brand exclusivity: every modification of the brand exclusive (or not), with a ratio and a share of stock. */
export function ExclusiveDialog({ open, brand: initialBrand, onClose, onDone }: Props) {
  const exclusives = useBrandExclusives();
  const [brand, setBrand] = useState(initialBrand);
  useEffect(() => {
    if (open) setBrand(initialBrand);
  }, [open, initialBrand]);
  // The fields start from the chosen brand's current state, not from a default that looks switched on.
  const state = useBrandExclusivesState(open ? brand : null);
  return (
    <FormDialog
      open={open}
      maxWidth={500}
      title="Эксклюзивность брэнда"
      schema={ZExclusiveFormSchema}
      defaultValues={valuesOf(initialBrand ?? "")}
      submitDisabled={!state.isSuccess}
      onSubmit={async (values) => {
        await exclusives.mutateAsync(values);
        onDone();
      }}
      onClose={onClose}
    >
      {() => <ExclusiveFields state={state.data} onBrand={setBrand} />}
    </FormDialog>
  );
}

function ExclusiveFields({
  state,
  onBrand,
}: {
  state: TBrandExclusivesState | undefined;
  onBrand: (brand: number) => void;
}) {
  const nomenclature = useNomenclature();
  const { control, reset } = useFormContext<FormValues>();
  // The state the fields show: until the chosen brand's arrives they wait, so nothing typed is overwritten.
  const [shown, setShown] = useState<TBrandExclusivesState | null>(null);
  useEffect(() => {
    if (!state) return;
    reset(valuesOf(state.brand_id, state));
    setShown(state);
  }, [state, reset]);
  const disabled = !state || shown !== state;
  return (
    <Stack spacing={2} sx={{ pt: 1 }}>
      <FormSelectField
        control={control}
        name="brand_id"
        label="Брэнд"
        options={(nomenclature.data ?? []).map((b) => ({ value: b.id, label: b.name }))}
        onChosen={(brand) => onBrand(Number(brand))}
      />
      <Controller
        name="exclusive"
        control={control}
        render={({ field: { value, onChange, ...field } }) => (
          <FormControlLabel
            control={
              <Switch
                {...field}
                checked={value}
                disabled={disabled}
                onChange={(e) => onChange(e.target.checked)}
              />
            }
            label="Эксклюзив"
          />
        )}
      />
      <FormTextField
        control={control}
        name="ratio"
        label="Коэффициент"
        disabled={disabled}
        slotProps={{ htmlInput: { inputMode: "decimal" } }}
      />
      <FormTextField
        control={control}
        name="percent"
        label="Процент"
        disabled={disabled}
        helperText="Доля остатка каждой модификации, 0–100"
        slotProps={{ htmlInput: { inputMode: "decimal" } }}
      />
    </Stack>
  );
}
