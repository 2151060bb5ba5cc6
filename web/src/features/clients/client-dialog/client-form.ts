import { type TClient, ZClientUpdateSchema, z } from "@wholesale/contract";
import type { Control } from "react-hook-form";
import { idFromSelect, numberFromText } from "../../../lib/form-fields.ts";

const fields = ZClientUpdateSchema.shape;
const accessRules = fields.accessrules.unwrap();

export const LIMIT_REQUIRED = "Укажите лимит суммы заказа или отметьте «Без лимита»";

/**
 * The spec requires «Лимит суммы заказа»; most clients have none (the API's null: no cap), clients confirmed
 * from a request included. The rule stays, as a choice to make: a sum, or «Без лимита» ticked, which a client
 * without a cap opens with.
 */
const ZLimitTextSchema = z
  .string()
  .trim()
  .min(1, LIMIT_REQUIRED)
  .pipe(numberFromText(accessRules.shape.total_limit));

/** The update request's fields the dialog shows; its selects hold "" for «Не выбрано», which clears the field. */
export const ZClientFormSchema = ZClientUpdateSchema.pick({
  nickname: true,
  organization_name: true,
  suspicious: true,
  allowed_price: true,
  allowed_price_w_markup: true,
  client_small_wholesale: true,
  client_large_wholesale: true,
}).extend({
  organization: idFromSelect(fields.organization, null),
  group: idFromSelect(fields.group, null),
  transportation: idFromSelect(fields.transportation, null),
  client_type: idFromSelect(fields.client_type, null),
  accessrules: accessRules
    .extend({ no_limit: z.boolean(), total_limit: z.string() })
    .transform(({ no_limit, total_limit, ...rules }, ctx) => {
      if (no_limit) return { ...rules, total_limit: null };
      const limit = ZLimitTextSchema.safeParse(total_limit);
      if (limit.success) return { ...rules, total_limit: limit.data };
      for (const issue of limit.error.issues)
        ctx.addIssue({ code: "custom", message: issue.message, path: ["total_limit", ...issue.path] });
      return z.NEVER;
    }),
});
type FormValues = z.input<typeof ZClientFormSchema>;

export type ClientFormControl = Control<FormValues, unknown, z.output<typeof ZClientFormSchema>>;

/** The form as a client opens it. */
export const clientFormValues = (c: TClient): FormValues => ({
  nickname: c.nickname,
  organization: c.organization ?? "",
  organization_name: c.organization_name,
  group: c.group ?? "",
  transportation: c.transportation ?? "",
  client_type: c.client_type ?? "",
  suspicious: c.suspicious,
  allowed_price: c.allowed_price,
  allowed_price_w_markup: c.allowed_price_w_markup,
  client_small_wholesale: c.client_small_wholesale,
  client_large_wholesale: c.client_large_wholesale,
  accessrules: {
    banned_brands: c.accessrules?.banned_brands ?? [],
    all_prices: c.accessrules?.all_prices ?? [],
    no_limit: c.accessrules?.total_limit == null,
    total_limit: c.accessrules?.total_limit == null ? "" : String(c.accessrules.total_limit),
  },
});
