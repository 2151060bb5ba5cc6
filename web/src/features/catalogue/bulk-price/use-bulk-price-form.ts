import { type TBulkPrice, type TBulkPricePreview, ZBulkPriceSchema, z } from "@wholesale/contract";
import { useEffect, useState } from "react";
import type { Control } from "react-hook-form";
import { idFromSelect, numberFromText } from "../../../lib/form-fields.ts";
import { useSchemaForm } from "../../../lib/schema-form.ts";
import { useNomenclature } from "../api.ts";

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
export type BulkPriceControl = Control<FormValues, unknown, TBulkPrice>;

/** A brand or a product to choose, by id, with the name it is found by. */
export type ChosenOption = { id: number; label: string };

/** A typed rate as the factor line reads it: the contract's number, or 0 while it is not one. */
const rateField = numberFromText(fields.newRate);
export const rateOf = (text: string) => {
  const parsed = rateField.safeParse(text);
  return parsed.success && typeof parsed.data === "number" ? parsed.data : 0;
};

/** A checked request with the server's preview of it: what the confirmation shows. */
export type Planned = { body: TBulkPrice; preview: TBulkPricePreview };

/**
 * The dialog's form, with the brands and products to choose from, and the change planned from it. Each
 * opening starts from the page's brand or product, with the rates blank and nothing planned; the currency and
 * the wholesale type stay as last chosen.
 */
export function useBulkPriceForm({
  open,
  brand,
  product,
}: {
  open: boolean;
  brand: number | null;
  product: number | null;
}) {
  const nomenclature = useNomenclature();
  // Rates are checked as they are typed, and «Применить» waits for a complete request, as staff expect here.
  const { form, submitTo } = useSchemaForm(ZBulkPriceFormSchema, {
    mode: "onChange",
    defaultValues: { newRate: "", oldRate: "", currency: "", wholesale: "small", brand: [], products: [] },
  });
  const { reset, getValues } = form;
  const [planned, setPlanned] = useState<Planned | null>(null);

  const brandOptions: ChosenOption[] = (nomenclature.data ?? []).map((b) => ({ id: b.id, label: b.name }));
  const productOptions: ChosenOption[] = (nomenclature.data ?? []).flatMap((b) =>
    b.products.map((p) => ({ id: p.id, label: `${b.name} / ${p.name}` })),
  );

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

  return { form, submitTo, brandOptions, productOptions, planned, setPlanned };
}
