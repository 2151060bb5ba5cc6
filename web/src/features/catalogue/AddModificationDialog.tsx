import { MenuItem, Stack, TextField } from "@mui/material";
import { ZModificationCreateSchema, ZPriceTierInputSchema, z } from "@wholesale/contract";
import { useEffect } from "react";
import { Controller, useFormContext } from "react-hook-form";
import { idFromSelect, numberFromText } from "../../lib/form-fields.ts";
import { FormDialog } from "../../ui/FormDialog.tsx";
import { useCreateModification, useCurrencies, useNomenclature } from "./api.ts";
import { availableForPrice, DEFAULT_CURRENCY, DEFAULT_PRICE } from "./rules.ts";

type Props = { open: boolean; brand: number | null; product: number | null; onClose: () => void };

const fields = ZModificationCreateSchema.shape;
const tier = ZPriceTierInputSchema.shape;
const decimal = { htmlInput: { inputMode: "decimal" } } as const;

/**
 * The create request as the dialog fills it: its product chosen under a brand (the brand only narrows the
 * products), its quantity and one price tier typed. Spec 5: not available, and each wholesale type available
 * only at a price that is not the placeholder 1.
 */
const ZAddModificationFormSchema = ZModificationCreateSchema.pick({ name: true })
  .extend({
    brand: z.union([z.literal(""), z.number()]),
    product: idFromSelect(fields.product, undefined),
    quantity: numberFromText(fields.quantity),
    prices_data: z.tuple([
      z.object({
        currency: idFromSelect(tier.currency, undefined),
        small_wholesale: numberFromText(tier.small_wholesale),
        large_wholesale: numberFromText(tier.large_wholesale),
      }),
    ]),
  })
  .transform(({ brand: _brand, prices_data: [price], ...request }) => ({
    ...request,
    available: false,
    available_small_wholesale: availableForPrice(price.small_wholesale),
    available_large_wholesale: availableForPrice(price.large_wholesale),
    prices_data: [price],
  }));
type FormValues = z.input<typeof ZAddModificationFormSchema>;

/** Add modification (spec 5): brand and product required; quantity 0, not available, both prices 1. */
export function AddModificationDialog({ open, brand, product, onClose }: Props) {
  const create = useCreateModification();
  return (
    <FormDialog
      open={open}
      maxWidth={600}
      title="Добавить модификацию"
      schema={ZAddModificationFormSchema}
      defaultValues={{
        brand: brand ?? "",
        product: product ?? "",
        name: "",
        quantity: "0",
        prices_data: [
          {
            currency: DEFAULT_CURRENCY,
            small_wholesale: String(DEFAULT_PRICE),
            large_wholesale: String(DEFAULT_PRICE),
          },
        ],
      }}
      // A refusal is the toast «Ошибка при создании модификации»; the dialog keeps what was typed.
      onSubmit={(body) => create.mutateAsync(body)}
      onClose={onClose}
    >
      {() => <AddModificationFields />}
    </FormDialog>
  );
}

function AddModificationFields() {
  const nomenclature = useNomenclature();
  const currencies = useCurrencies();
  const { control, register, watch, setValue, getValues, formState } = useFormContext<FormValues>();
  const { errors } = formState;
  const price = errors.prices_data?.[0];
  const products = nomenclature.data?.find((b) => b.id === watch("brand"))?.products ?? [];
  // The default currency may not exist: the first one there is stands for it.
  useEffect(() => {
    const first = currencies.data?.[0];
    const chosen = getValues("prices_data.0.currency");
    if (first && !currencies.data?.some((c) => c.id === chosen)) setValue("prices_data.0.currency", first.id);
  }, [currencies.data, getValues, setValue]);

  return (
    <Stack spacing={2} sx={{ pt: 1 }}>
      <Controller
        name="brand"
        control={control}
        render={({ field }) => (
          <TextField
            select
            label="Брэнд"
            {...field}
            onChange={(e) => {
              field.onChange(Number(e.target.value));
              setValue("product", "");
            }}
          >
            {(nomenclature.data ?? []).map((b) => (
              <MenuItem key={b.id} value={b.id}>
                {b.name}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <Controller
        name="product"
        control={control}
        render={({ field }) => (
          <TextField
            select
            label="Продукт"
            {...field}
            disabled={watch("brand") === ""}
            onChange={(e) => field.onChange(Number(e.target.value))}
            error={!!errors.product}
            helperText={errors.product?.message}
          >
            {products.map((p) => (
              <MenuItem key={p.id} value={p.id}>
                {p.name}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <TextField
        label="Название"
        error={!!errors.name}
        helperText={errors.name?.message}
        {...register("name")}
      />
      <TextField
        label="Количество"
        error={!!errors.quantity}
        helperText={errors.quantity?.message}
        slotProps={{ htmlInput: { inputMode: "numeric" } }}
        {...register("quantity")}
      />
      <Stack direction="row" spacing={2}>
        <TextField
          label="Малый опт"
          error={!!price?.small_wholesale}
          helperText={price?.small_wholesale?.message}
          slotProps={decimal}
          {...register("prices_data.0.small_wholesale")}
        />
        <TextField
          label="Крупный опт"
          error={!!price?.large_wholesale}
          helperText={price?.large_wholesale?.message}
          slotProps={decimal}
          {...register("prices_data.0.large_wholesale")}
        />
        <Controller
          name="prices_data.0.currency"
          control={control}
          render={({ field }) => (
            <TextField
              select
              label="Валюта"
              {...field}
              value={currencies.data?.some((c) => c.id === field.value) ? field.value : ""}
              onChange={(e) => field.onChange(Number(e.target.value))}
              error={!!price?.currency}
              helperText={price?.currency?.message}
              sx={{ minWidth: 100 }}
            >
              {(currencies.data ?? []).map((c) => (
                <MenuItem key={c.id} value={c.id}>
                  {c.sign}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
      </Stack>
    </Stack>
  );
}
