import { Checkbox, FormControlLabel, Stack } from "@mui/material";
import { Controller } from "react-hook-form";
import type { ClientFormControl } from "./client-form.ts";

const FLAGS = [
  { name: "suspicious", label: "Подозрительный" },
  { name: "allowed_price", label: "Может смотреть цены" },
  { name: "allowed_price_w_markup", label: "Цены с наценкой" },
  { name: "client_small_wholesale", label: "Доступен малый опт" },
  { name: "client_large_wholesale", label: "Доступен крупный опт" },
] as const;

/**
 * The client's flags as checkboxes. Prices with markup are only for a client who may see prices: without
 * `allowedPrice` the box is off and cannot be ticked.
 */
export function FlagFields({ control, allowedPrice }: { control: ClientFormControl; allowedPrice: boolean }) {
  return (
    <Stack direction="row" flexWrap="wrap">
      {FLAGS.map((f) => (
        <Controller
          key={f.name}
          name={f.name}
          control={control}
          render={({ field }) => (
            <FormControlLabel
              label={f.label}
              disabled={f.name === "allowed_price_w_markup" && !allowedPrice}
              control={
                <Checkbox
                  checked={f.name === "allowed_price_w_markup" ? field.value && allowedPrice : field.value}
                  onChange={(e) => field.onChange(e.target.checked)}
                />
              }
            />
          )}
        />
      ))}
    </Stack>
  );
}
