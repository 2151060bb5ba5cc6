import { Stack } from "@mui/material";
import { ZModificationCreateSchema, ZPriceTierInputSchema, z } from "@wholesale/contract";
import { useEffect } from "react";
import { useFormContext } from "react-hook-form";
import { idFromSelect, numberFromText } from "../../lib/form-fields.ts";
import { FormDialog } from "../../ui/FormDialog.tsx";
import { FormSelectField, FormTextField } from "../../ui/FormField.tsx";
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
  const { control, watch, setValue, getValues } = useFormContext<FormValues>();
  const products = nomenclature.data?.find((b) => b.id === watch("brand"))?.products ?? [];
  // The default currency may not exist: the first one there is stands for it.
  useEffect(() => {
    const first = currencies.data?.[0];
    const chosen = getValues("prices_data.0.currency");
    if (first && !currencies.data?.some((c) => c.id === chosen)) setValue("prices_data.0.currency", first.id);
  }, [currencies.data, getValues, setValue]);

  return (
    <Stack spacing={2} sx={{ pt: 1 }}>
      <FormSelectField
        control={control}
        name="brand"
        label="Брэнд"
        options={(nomenclature.data ?? []).map((b) => ({ value: b.id, label: b.name }))}
        onChosen={() => setValue("product", "")}
      />
      <FormSelectField
        control={control}
        name="product"
        label="Продукт"
        disabled={watch("brand") === ""}
        options={products.map((p) => ({ value: p.id, label: p.name }))}
      />
      <FormTextField control={control} name="name" label="Название" />
      <FormTextField
        control={control}
        name="quantity"
        label="Количество"
        slotProps={{ htmlInput: { inputMode: "numeric" } }}
      />
      <Stack direction="row" spacing={2}>
        <FormTextField
          control={control}
          name="prices_data.0.small_wholesale"
          label="Малый опт"
          slotProps={decimal}
        />
        <FormTextField
          control={control}
          name="prices_data.0.large_wholesale"
          label="Крупный опт"
          slotProps={decimal}
        />
        <FormSelectField
          control={control}
          name="prices_data.0.currency"
          label="Валюта"
          sx={{ minWidth: 100 }}
          options={(currencies.data ?? []).map((c) => ({ value: c.id, label: c.sign }))}
        />
      </Stack>
    </Stack>
  );
}
