import { GrammyError } from "grammy";
import type { Metrics, SendOutcome } from "../../lib/metrics.ts";
import type { CallOutcome } from "../../modules/outbox/index.ts";

export type RetryPolicy = { baseDelayMs: number; maxDelayMs: number; maxAttempts: number };

export const DEFAULT_RETRY: RetryPolicy = { baseDelayMs: 2_000, maxDelayMs: 10 * 60_000, maxAttempts: 8 };

/**
 * The Bot API's answer to what to do next. `attempts` counts this attempt. 429: wait retry_after (not an
 * attempt of ours that failed); 403: the user blocked the bot; 400 (a bad request such as "chat not
 * found"): sending again cannot help; 401 and 404 (Telegram's answers to a wrong token, and to a wrong
 * API root or method): the row is not at fault, so it waits for the configuration to be fixed; 5xx,
 * network errors and any other answer: exponential backoff, then give up.
 */
export function outcomeOfError(error: unknown, attempts: number, policy: RetryPolicy): CallOutcome {
  if (error instanceof GrammyError) {
    const text = `${error.error_code}: ${error.description}`;
    switch (error.error_code) {
      case 429:
        return {
          kind: "retry",
          delayMs: (error.parameters.retry_after ?? 1) * 1000,
          counted: false,
          error: text,
          halt: "rate-limit",
        };
      case 401:
      case 404:
        return { kind: "retry", delayMs: 0, counted: false, error: text, halt: "misconfigured" };
      case 403:
        return { kind: "unreachable", error: text };
      case 400:
        return { kind: "failed", error: text };
      default:
        return backoff(text, attempts, policy);
    }
  }
  return backoff(error instanceof Error ? error.message : String(error), attempts, policy);
}

/** A row given back untried, saying why: it comes due again after `delayMs`, and counts as no attempt. */
export const release = (error: string, delayMs = 0): CallOutcome => ({
  kind: "retry",
  delayMs,
  counted: false,
  error,
});

function backoff(error: string, attempts: number, policy: RetryPolicy): CallOutcome {
  if (attempts >= policy.maxAttempts)
    return { kind: "failed", error: `${error} (после ${attempts} попыток)` };
  const delayMs = Math.min(policy.baseDelayMs * 2 ** Math.max(0, attempts - 1), policy.maxDelayMs);
  return { kind: "retry", delayMs, counted: true, error };
}

/** A Bot API call's outcome as the metrics count it; a 429 with the retry_after every instance waits. */
export function countSend(count: Metrics["countSend"], outcome: CallOutcome): void {
  if (outcome.kind === "retry" && outcome.halt === "rate-limit")
    count("rate_limited", outcome.delayMs / 1000);
  else count(SEND_OUTCOMES[outcome.kind]);
}

const SEND_OUTCOMES = {
  sent: "delivered",
  unreachable: "blocked",
  failed: "failed",
  retry: "retried",
} as const satisfies Record<CallOutcome["kind"], SendOutcome>;
