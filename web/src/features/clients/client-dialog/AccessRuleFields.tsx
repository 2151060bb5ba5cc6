import { Autocomplete, Checkbox, Chip, FormControlLabel, Grid, Stack, TextField } from "@mui/material";
import { Controller } from "react-hook-form";
import { FormTextField } from "../../../ui/FormField.tsx";
import type { ClientFormControl } from "./client-form.ts";

type Props = {
  control: ClientFormControl;
  /** The catalogue's brands to choose from. */
  brands: string[];
  /** «Без лимита» is ticked: the sum is neither asked for nor kept. */
  noLimit: boolean;
  /** Empties the sum when «Без лимита» is ticked. */
  clearLimit: () => void;
};

/** The access rules: the brands banned, the brands shown at every price, and the limit of an order's sum. */
export function AccessRuleFields({ control, brands, noLimit, clearLimit }: Props) {
  return (
    <>
      <Grid size={{ xs: 12, sm: 6 }}>
        <BrandsField
          control={control}
          name="accessrules.banned_brands"
          label="Запрещенные брэнды"
          brands={brands}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <BrandsField
          control={control}
          name="accessrules.all_prices"
          label="Все цены для брэндов"
          brands={brands}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <Stack
          direction={{ xs: "column", sm: "row" }}
          spacing={{ xs: 0, sm: 1 }}
          alignItems={{ xs: "stretch", sm: "flex-start" }}
        >
          <FormTextField
            control={control}
            name="accessrules.total_limit"
            label="Лимит суммы заказа"
            fullWidth
            required={!noLimit}
            disabled={noLimit}
            inputMode="decimal"
          />
          <Controller
            name="accessrules.no_limit"
            control={control}
            render={({ field }) => (
              <FormControlLabel
                label="Без лимита"
                sx={{ whiteSpace: "nowrap", pt: 1 }}
                control={
                  <Checkbox
                    checked={field.value}
                    onChange={(e) => {
                      field.onChange(e.target.checked);
                      // A disabled sum that would not be saved is not left on show.
                      if (e.target.checked) clearLimit();
                    }}
                  />
                }
              />
            )}
          />
        </Stack>
      </Grid>
    </>
  );
}

function BrandsField({
  control,
  name,
  label,
  brands,
}: {
  control: ClientFormControl;
  name: "accessrules.banned_brands" | "accessrules.all_prices";
  label: string;
  brands: string[];
}) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
        <Autocomplete
          multiple
          options={brands}
          value={field.value}
          onChange={(_e, value) => field.onChange(value)}
          renderValue={(value, getItemProps) =>
            value.map((option, index) => (
              <Chip size="small" label={option} {...getItemProps({ index })} key={option} />
            ))
          }
          renderInput={(params) => <TextField {...params} label={label} />}
        />
      )}
    />
  );
}
