import type { Situation } from "./rules/weighing.ts";
import type { Changed } from "./statements/positions.ts";
import { toTodayOrder } from "./statements/today-order.ts";

/** A changed position as the client is answered: the position and today's order it is in. */
export function positionResult(s: Situation, changed: Changed) {
  const order = toTodayOrder(s.day, changed.order, s.client.showPrices);
  const position = order.positions.find((p) => p.id === changed.positionId);
  if (!position) throw new Error("the changed position is missing from today's order");
  return { ok: true as const, position, order };
}
