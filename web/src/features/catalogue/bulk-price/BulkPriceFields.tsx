import { Autocomplete, Stack, TextField, ToggleButton, ToggleButtonGroup, Typography } from "@mui/material";
import type { TCurrency } from "@wholesale/contract";
import { Controller } from "react-hook-form";
import { FormSelectField, FormTextField } from "../../../ui/FormField.tsx";
import type { priceFactor } from "../rules.ts";
import type { BulkPriceControl, ChosenOption } from "./use-bulk-price-form.ts";

type Props = {
  control: BulkPriceControl;
  currencies: TCurrency[];
  /** What the typed rates multiply prices by, or null while they are not both numbers. */
  factor: ReturnType<typeof priceFactor>;
  brandOptions: ChosenOption[];
  productOptions: ChosenOption[];
};

/** The change asked for: wholesale type, currency, the two rates and their factor, brands and products. */
export function BulkPriceFields({ control, currencies, factor, brandOptions, productOptions }: Props) {
  return (
    <Stack spacing={2} sx={{ pt: 1 }}>
      <Controller
        name="wholesale"
        control={control}
        render={({ field }) => (
          <ToggleButtonGroup
            exclusive
            value={field.value}
            onChange={(_e, v: "small" | "large" | null) => v && field.onChange(v)}
            size="small"
          >
            <ToggleButton value="small">Малый опт</ToggleButton>
            <ToggleButton value="large">Крупный опт</ToggleButton>
          </ToggleButtonGroup>
        )}
      />
      <FormSelectField
        control={control}
        name="currency"
        label="Валюта"
        options={currencies.map((c) => ({ value: c.id, label: `${c.sign} ${c.name}` }))}
      />
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
        <FormTextField
          control={control}
          name="newRate"
          label="Новый курс"
          helperText="Например, 95,5"
          slotProps={{ htmlInput: { inputMode: "decimal" } }}
        />
        <FormTextField
          control={control}
          name="oldRate"
          label="Старый курс"
          helperText="Например, 90"
          slotProps={{ htmlInput: { inputMode: "decimal" } }}
        />
      </Stack>
      <Typography data-testid="bulk-price-factor" color={factor ? "text.primary" : "text.secondary"}>
        {factor
          ? `Цены умножатся на ${factor.factor} (${factor.percent})`
          : "Цены умножатся на новый курс, делённый на старый"}
      </Typography>
      <ChosenField name="brand" label="Брэнды" options={brandOptions} control={control} />
      <ChosenField name="products" label="Продукты" options={productOptions} control={control} />
    </Stack>
  );
}

/** Brands or products chosen by name; the error the contract gives when none is chosen shows under brands. */
function ChosenField({
  name,
  label,
  options,
  control,
}: {
  name: "brand" | "products";
  label: string;
  options: ChosenOption[];
  control: BulkPriceControl;
}) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <Autocomplete
          multiple
          options={options}
          value={field.value}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          onChange={(_e, v) => field.onChange(v)}
          onBlur={field.onBlur}
          renderInput={(params) => (
            <TextField
              {...params}
              inputRef={field.ref}
              label={label}
              error={!!fieldState.error}
              helperText={fieldState.error?.message}
            />
          )}
        />
      )}
    />
  );
}
