import { GrammyError } from "grammy";

/** What one send attempt came to, and so what happens to its outbox row. */
export type Outcome =
  | { kind: "sent"; fileId?: string }
  /** Try again after `delayMs`; `counted` false when the attempt was not the row's fault (429, pause, stop). */
  | { kind: "retry"; delayMs: number; counted: boolean; error: string }
  | { kind: "failed"; error: string }
  /** The client blocked the bot (403): the row and the client's other rows are not sent. */
  | { kind: "unreachable"; error: string };

export type RetryPolicy = { baseDelayMs: number; maxDelayMs: number; maxAttempts: number };

export const DEFAULT_RETRY: RetryPolicy = { baseDelayMs: 2_000, maxDelayMs: 10 * 60_000, maxAttempts: 8 };

/**
 * The Bot API's answer to what to do next. `attempts` counts this attempt. 429: wait retry_after (not an
 * attempt of ours that failed); 403: the user blocked the bot; other 4xx (400 "chat not found", a bad
 * request): sending again cannot help; 5xx and network errors: exponential backoff, then give up.
 */
export function outcomeOfError(error: unknown, attempts: number, policy: RetryPolicy): Outcome {
  if (error instanceof GrammyError) {
    const text = `${error.error_code}: ${error.description}`;
    if (error.error_code === 429) {
      return {
        kind: "retry",
        delayMs: (error.parameters.retry_after ?? 1) * 1000,
        counted: false,
        error: text,
      };
    }
    if (error.error_code === 403) return { kind: "unreachable", error: text };
    if (error.error_code >= 400 && error.error_code < 500) return { kind: "failed", error: text };
    return backoff(text, attempts, policy);
  }
  return backoff(error instanceof Error ? error.message : String(error), attempts, policy);
}

function backoff(error: string, attempts: number, policy: RetryPolicy): Outcome {
  if (attempts >= policy.maxAttempts)
    return { kind: "failed", error: `${error} (после ${attempts} попыток)` };
  const delayMs = Math.min(policy.baseDelayMs * 2 ** Math.max(0, attempts - 1), policy.maxDelayMs);
  return { kind: "retry", delayMs, counted: true, error };
}
