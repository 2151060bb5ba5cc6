import { z } from "@wholesale/contract";

// A form's fields carry the request's names; where a widget holds another type than the request's field (a
// text box for a number, a select's "" for nothing chosen), these turn the widget's value into what the
// contract's own field schema takes, so that schema still decides, and words, every error.

/** A text box for a number: a comma is a decimal point; a blank box is no value (the field's default applies). */
export const numberFromText = <T extends z.ZodType<unknown, number | null | undefined>>(field: T) =>
  z
    .string()
    .transform((text): number | null | undefined =>
      text.trim() === "" ? undefined : Number(text.replace(",", ".")),
    )
    .pipe(field);

/** A select of ids whose empty choice ("") stands for `nothing`: null clears the field, undefined omits it. */
export const idFromSelect = <T extends z.ZodType<unknown, number | null | undefined>>(
  field: T,
  nothing: null | undefined,
) =>
  z
    .union([z.literal(""), z.number()])
    .transform((value): number | null | undefined => (value === "" ? nothing : value))
    .pipe(field);
