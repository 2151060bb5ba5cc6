import { ApiError } from "../api/client.ts";

/**
 * Why a call failed, in the server's words: its per-field messages when it gave any, which name no fields
 * (its summary reads «Некорректные данные: text: …», a request's key no user should see).
 */
export function failureReason(error: unknown): string {
  if (!(error instanceof ApiError)) return "";
  const messages = Object.values(error.errors ?? {}).flat();
  return messages.length ? [...new Set(messages)].join("; ") : error.detail;
}
