import type { z } from "@wholesale/contract";

/**
 * The first message for each field of a form, from a failed parse with the contract's request schema;
 * `fieldOf` maps an issue's path onto the form's own field names.
 */
export function firstErrors<F extends string>(
  error: z.ZodError,
  fieldOf: (path: readonly PropertyKey[]) => F,
): Partial<Record<F, string>> {
  const errors: Partial<Record<F, string>> = {};
  for (const issue of error.issues) {
    const field = fieldOf(issue.path);
    errors[field] ??= issue.message;
  }
  return errors;
}
