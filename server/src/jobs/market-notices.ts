import type { Db } from "../db/client.ts";
import type { Clock } from "../lib/clock.ts";
import { runMarketTick } from "../modules/market/index.ts";
import { createOrderingService } from "../modules/ordering/index.ts";
import { announceAtOpening } from "../modules/stock-waits/index.ts";
import type { Job } from "./scheduler.ts";

export const MARKET_NOTICES_JOB = "market-notices";
/**
 * How often each instance looks for due market notices and expired manual openings: a notice goes out
 * at most this late, and a manual opening is shown closed at its close time anyway (the decision
 * function reads the close time itself).
 */
const CHECK_EVERY_MS = 15 * 1000;

/** The market's notices; the opening one tells its recipients what they waited for is back (stock waits). */
export function marketNoticesJob(deps: { db: Db; clock: Clock }): Job {
  const ordering = createOrderingService(deps);
  return {
    name: MARKET_NOTICES_JOB,
    intervalMs: CHECK_EVERY_MS,
    run: async () => {
      await runMarketTick(deps.db, deps.clock.now(), (tx, clientIds, at) =>
        announceAtOpening(tx, ordering, clientIds, at),
      );
    },
  };
}
