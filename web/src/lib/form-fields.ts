import { z } from "@wholesale/contract";

// A form's fields carry the request's names; where a widget holds another type than the request's field (a
// text box for a number, a select's "" for nothing chosen), these turn the widget's value into what the
// contract's own field schema takes, so that schema still decides, and words, every error.

/**
 * The contract's field, its refusals passed on in its own words. A union's own message («Объем закупки
 * обязателен») would otherwise give way, in the form's resolver, to one of its branches' («ожидалось 2»).
 */
const checkedBy = <T extends z.ZodType<unknown, number | null | undefined>>(field: T) =>
  z.custom<number | null | undefined>().transform((value, ctx): z.output<T> => {
    const result = field.safeParse(value);
    if (result.success) return result.data;
    for (const issue of result.error.issues)
      ctx.addIssue({ code: "custom", message: issue.message, path: issue.path });
    return z.NEVER;
  });

/** A text box for a number: a comma is a decimal point; a blank box is no value (the field's default applies). */
export const numberFromText = <T extends z.ZodType<unknown, number | null | undefined>>(field: T) =>
  z
    .string()
    .transform((text): number | null | undefined =>
      text.trim() === "" ? undefined : Number(text.replace(",", ".")),
    )
    .pipe(checkedBy(field));

/** A select of ids whose empty choice ("") stands for `nothing`: null clears the field, undefined omits it. */
export const idFromSelect = <T extends z.ZodType<unknown, number | null | undefined>>(
  field: T,
  nothing: null | undefined,
) =>
  z
    .union([z.literal(""), z.number()])
    .transform((value): number | null | undefined => (value === "" ? nothing : value))
    .pipe(checkedBy(field));
