import { zodResolver } from "@hookform/resolvers/zod";
import type { z } from "@wholesale/contract";
import { type FieldValues, type UseFormProps, useForm } from "react-hook-form";
import { showServerErrors } from "./form-errors.ts";

/**
 * A react-hook-form form checked by `zodResolver(schema)`: a contract request schema, or a form schema derived
 * from one (`lib/form-fields.ts` for widgets that hold another type), so the form refuses what the server would,
 * in the same words. `submitTo(save, then)` is its submit handler: it saves the parsed values, and when the
 * server refuses it shows the messages given per field under those fields (the refusal itself is toasted once,
 * globally) and goes no further. Every add and edit dialog is one (`ui/FormDialog.tsx`); a form that is not such
 * a dialog (a tab's inline form, a two-step dialog) uses it directly.
 */
export function useSchemaForm<TInput extends FieldValues, TOutput>(
  schema: z.ZodType<TOutput, TInput>,
  options: Omit<UseFormProps<TInput, unknown, TOutput>, "resolver"> = {},
) {
  const form = useForm<TInput, unknown, TOutput>({ ...options, resolver: zodResolver(schema) });
  const submitTo = (save: (values: TOutput) => Promise<unknown>, then?: (values: TOutput) => void) =>
    form.handleSubmit(async (values) => {
      try {
        await save(values);
      } catch (error) {
        showServerErrors(error, form.setError);
        return;
      }
      then?.(values);
    });
  return { form, submitTo };
}
