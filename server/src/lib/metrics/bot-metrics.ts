import { Counter, Histogram, type Registry } from "prom-client";
import { PREFIX } from "./instruments.ts";

/** What a send to the Bot API came to: `rate_limited` is a 429, `retried` any other answer tried again later. */
export type SendOutcome = "delivered" | "rate_limited" | "blocked" | "failed" | "retried";

/** The sends to the Bot API, and the updates the live bot handles. */
export function createBotMetrics(registry: Registry) {
  const sends = new Counter({
    name: `${PREFIX}telegram_sends_total`,
    help: "Outbox messages sent to the Bot API, by outcome (delivered, rate_limited, blocked, failed, retried)",
    labelNames: ["outcome"] as const,
    registers: [registry],
  });
  const retryAfter = new Histogram({
    name: `${PREFIX}telegram_retry_after_seconds`,
    help: "The retry_after of each 429 from the Bot API: every instance waits it before sending again",
    buckets: [1, 2, 5, 10, 30, 60, 300],
    registers: [registry],
  });
  const botUpdates = new Counter({
    name: `${PREFIX}bot_updates_total`,
    help: "Telegram updates the bot handled",
    registers: [registry],
  });
  const botLag = new Histogram({
    name: `${PREFIX}bot_update_lag_seconds`,
    help: "How old a message update was when the bot began handling it (now minus the message's date)",
    buckets: [1, 2, 5, 10, 30, 60, 120, 300, 900],
    registers: [registry],
  });
  const botErrors = new Counter({
    name: `${PREFIX}bot_handler_errors_total`,
    help: "Bot updates that failed (error) or ran past their time (timeout); the client got an apology",
    labelNames: ["kind"] as const,
    registers: [registry],
  });
  return {
    countSend(outcome: SendOutcome, retryAfterSeconds?: number): void {
      sends.inc({ outcome });
      if (retryAfterSeconds !== undefined) retryAfter.observe(retryAfterSeconds);
    },
    /** An update the bot begins to handle; `sentAt` is its message's date (absent for a button press). */
    countUpdate(sentAt: Date | undefined): void {
      botUpdates.inc();
      if (sentAt) botLag.observe(Math.max(0, (Date.now() - sentAt.getTime()) / 1000));
    },
    countBotError(kind: "error" | "timeout"): void {
      botErrors.inc({ kind });
    },
  };
}
