import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { ApiError } from "../api/client.ts";

/**
 * Shows a refused save's messages under the fields the server named. The API names the request's fields
 * (`accessrules.total_limit`), and forms name theirs the same, so a name is a form path as it is; a message
 * for a field the form does not show is left to the error notice, which already says it. Anything but an
 * API error was not the server's answer and is thrown again.
 */
export function showServerErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>): void {
  if (!(error instanceof ApiError)) throw error;
  for (const [field, [message]] of Object.entries(error.errors ?? {})) {
    if (message) setError(field as Path<T>, { type: "server", message });
  }
}
