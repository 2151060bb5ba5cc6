import {
  Autocomplete,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  List,
  ListItem,
  ListItemText,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from "@mui/material";
import { type TBulkPrice, type TBulkPricePreview, ZBulkPriceSchema, z } from "@wholesale/contract";
import { useEffect, useState } from "react";
import { type Control, Controller } from "react-hook-form";
import { idFromSelect, numberFromText } from "../../lib/form-fields.ts";
import { formatPrice } from "../../lib/money.ts";
import { useSchemaForm } from "../../lib/schema-form.ts";
import { notify } from "../../notices/notify.tsx";
import { FormSelectField, FormTextField } from "../../ui/FormField.tsx";
import { useBulkPricePreview, useBulkPrices, useCurrencies, useNomenclature } from "./api.ts";
import { priceFactor } from "./rules.ts";

type Option = { id: number; label: string };
type Props = {
  open: boolean;
  brand: number | null;
  product: number | null;
  onClose: () => void;
};

const WHOLESALE_LABELS = { small: "малый опт", large: "крупный опт" } as const;

const fields = ZBulkPriceSchema.shape;
/** Brands or products chosen by name, as the request lists them: by id. */
const ZChosenSchema = z
  .array(z.object({ id: z.number(), label: z.string() }))
  .transform((options) => options.map((o) => o.id));
/**
 * The request as the dialog fills it: rates typed with a decimal comma or point, the currency in a select,
 * brands and products chosen by name; the request's schema then checks the whole (something must be chosen).
 */
const ZBulkPriceFormSchema = z
  .object({
    newRate: numberFromText(fields.newRate),
    oldRate: numberFromText(fields.oldRate),
    currency: idFromSelect(fields.currency, undefined),
    wholesale: fields.wholesale,
    brand: ZChosenSchema,
    products: ZChosenSchema,
  })
  .transform((request): z.input<typeof ZBulkPriceSchema> => request)
  .pipe(ZBulkPriceSchema);
type FormValues = z.input<typeof ZBulkPriceFormSchema>;

/** A typed rate as the factor line reads it: the contract's number, or 0 while it is not one. */
const rateField = numberFromText(fields.newRate);
const rateOf = (text: string) => {
  const parsed = rateField.safeParse(text);
  return parsed.success && typeof parsed.data === "number" ? parsed.data : 0;
};

/**
 * Bulk price change: new = old × newRate / oldRate for one wholesale type and currency (spec 2.1, 7). Nothing is
 * changed until the server's preview — how many prices change, the first few before → after — is confirmed.
 * The page's selection stays afterwards, unlike spec 4's reset: staff check the prices they changed.
 */
export function BulkPriceDialog({ open, brand, product, onClose }: Props) {
  const nomenclature = useNomenclature();
  const currencies = useCurrencies();
  const preview = useBulkPricePreview();
  const bulk = useBulkPrices();
  // Rates are checked as they are typed, and «Применить» waits for a complete request, as staff expect here.
  const { form, submitTo } = useSchemaForm(ZBulkPriceFormSchema, {
    mode: "onChange",
    defaultValues: { newRate: "", oldRate: "", currency: "", wholesale: "small", brand: [], products: [] },
  });
  const { control, reset, getValues, watch, formState } = form;
  const [planned, setPlanned] = useState<{ body: TBulkPrice; preview: TBulkPricePreview } | null>(null);

  const brandOptions = (nomenclature.data ?? []).map((b) => ({ id: b.id, label: b.name }));
  const productOptions = (nomenclature.data ?? []).flatMap((b) =>
    b.products.map((p) => ({ id: p.id, label: `${b.name} / ${p.name}` })),
  );

  // Each opening starts from the page's brand or product, with the rates blank; the currency and the
  // wholesale type stay as last chosen.
  useEffect(() => {
    if (!open) return;
    setPlanned(null);
    const tree = nomenclature.data ?? [];
    const chosenProduct = tree
      .flatMap((b) => b.products.map((p) => ({ b, p })))
      .find((x) => x.p.id === product);
    const chosenBrand = tree.find((b) => b.id === brand);
    reset({
      ...getValues(),
      newRate: "",
      oldRate: "",
      products: chosenProduct
        ? [{ id: chosenProduct.p.id, label: `${chosenProduct.b.name} / ${chosenProduct.p.name}` }]
        : [],
      brand: !chosenProduct && chosenBrand ? [{ id: chosenBrand.id, label: chosenBrand.name }] : [],
    });
  }, [open, brand, product, nomenclature.data, reset, getValues]);

  const factor = priceFactor(rateOf(watch("newRate")), rateOf(watch("oldRate")));

  /** «малый опт, ₽, × 1,10000»: what the confirmed change will do. */
  const plannedText = ({ wholesale, currency, newRate, oldRate }: TBulkPrice) =>
    [
      WHOLESALE_LABELS[wholesale],
      currencies.data?.find((c) => c.id === currency)?.sign ?? "",
      `× ${priceFactor(newRate, oldRate)?.factor}`,
    ].join(", ");
  const askFirst = submitTo(async (body) => setPlanned({ body, preview: await preview.mutateAsync(body) }));
  const apply = async () => {
    if (!planned) return;
    try {
      const { updated } = await bulk.mutateAsync(planned.body);
      notify.success(`Цены обновлены: ${updated}`);
      onClose();
    } catch {
      // The toast says what failed; the dialog stays with what was typed.
    }
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth slotProps={{ paper: { sx: { maxWidth: 600 } } }}>
      <DialogTitle>Изменение цен</DialogTitle>
      {planned ? (
        <>
          <DialogContent>
            <DialogContentText data-testid="bulk-price-count">
              {planned.preview.count === 0
                ? "Ни одна цена не изменится: в выбранных брэндах и продуктах нет таких цен."
                : `Изменятся цены: ${planned.preview.count} (${plannedText(planned.body)}).`}
            </DialogContentText>
            {planned.preview.examples.length > 0 && (
              <List dense aria-label="Примеры">
                {planned.preview.examples.map((e) => (
                  <ListItem key={`${e.modification}-${e.quantity_from}`} disableGutters>
                    <ListItemText
                      primary={e.name}
                      secondary={`от ${e.quantity_from} шт.: ${formatPrice(e.old_price, e.currency_sign)} → ${formatPrice(e.new_price, e.currency_sign)}`}
                    />
                  </ListItem>
                ))}
                {planned.preview.count > planned.preview.examples.length && (
                  <ListItem disableGutters>
                    <ListItemText
                      secondary={`и ещё ${planned.preview.count - planned.preview.examples.length}`}
                    />
                  </ListItem>
                )}
              </List>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setPlanned(null)} autoFocus>
              Назад
            </Button>
            {planned.preview.count > 0 && (
              <Button variant="contained" disabled={bulk.isPending} onClick={() => void apply()}>
                Изменить цены
              </Button>
            )}
          </DialogActions>
        </>
      ) : (
        <form noValidate onSubmit={askFirst}>
          <DialogContent>
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
                options={(currencies.data ?? []).map((c) => ({ value: c.id, label: `${c.sign} ${c.name}` }))}
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
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>Отмена</Button>
            <Button type="submit" variant="contained" disabled={!formState.isValid || preview.isPending}>
              Применить
            </Button>
          </DialogActions>
        </form>
      )}
    </Dialog>
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
  options: Option[];
  control: Control<FormValues, unknown, TBulkPrice>;
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
