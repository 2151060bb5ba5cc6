import type { Api } from "grammy";
import type { Metrics } from "../../lib/metrics.ts";
import type { Outcome } from "../../modules/outbox/index.ts";
import { callBotApi, type Outgoing } from "./call-bot-api.ts";
import type { MisconfiguredHalt } from "./misconfigured-halt.ts";
import { countSend, type RetryPolicy } from "./outcome.ts";
import type { SharedPause } from "./shared-pause.ts";

/** Sends one row; an answer that stops more than its row: a 429 pauses every instance, a refused token this one. */
export async function sendRow(
  deps: {
    api: Api | null;
    retry: RetryPolicy;
    count: Metrics["countSend"] | undefined;
    pause: SharedPause;
    halt: MisconfiguredHalt;
  },
  outgoing: Outgoing,
): Promise<Outcome> {
  const outcome = await callBotApi(deps, outgoing);
  if (deps.count && deps.api) countSend(deps.count, outcome);
  if (outcome.kind !== "retry") return outcome;
  if (outcome.halt === "rate-limit") await deps.pause.pauseAll(outcome.delayMs);
  else if (outcome.halt === "misconfigured") deps.halt.refused(outcome.error);
  return outcome;
}
