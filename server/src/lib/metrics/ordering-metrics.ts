import { Counter, type Registry } from "prom-client";
import { PREFIX } from "./instruments.ts";

export type OrderingPath = "bot" | "miniapp";
export type OrderingAction = "add" | "change" | "remove";
/** One ordering call's result as counted: `refusal` is the refusal's code, null when accepted. */
export type CountAttempt = (action: OrderingAction, refusal: string | null) => void;

/** The adds, changes and removals of order positions; returns the counter of one path. */
export function createOrderingMetrics(registry: Registry): (path: OrderingPath) => CountAttempt {
  const orderingAttempts = new Counter({
    name: `${PREFIX}ordering_attempts_total`,
    help: "Adds, changes and removals of order positions, by path (bot, miniapp) and outcome (accepted, refused by reason)",
    labelNames: ["path", "action", "outcome", "reason"] as const,
    registers: [registry],
  });
  return (path) => (action, refusal) =>
    orderingAttempts.inc(
      refusal === null
        ? { path, action, outcome: "accepted" }
        : { path, action, outcome: "refused", reason: refusal },
    );
}
