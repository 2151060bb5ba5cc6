import type { Db } from "../db/client.ts";
import type { Clock } from "../lib/clock.ts";
import { runMarketTick } from "../modules/market/index.ts";
import type { Job } from "./scheduler.ts";

export const MARKET_NOTICES_JOB = "market-notices";
/**
 * How often each instance looks for due market notices and expired manual openings: a notice goes out
 * at most this late, and a manual opening is shown closed at its close time anyway (the decision
 * function reads the close time itself).
 */
const CHECK_EVERY_MS = 15 * 1000;

export function marketNoticesJob(deps: { db: Db; clock: Clock }): Job {
  return {
    name: MARKET_NOTICES_JOB,
    intervalMs: CHECK_EVERY_MS,
    run: async () => {
      await runMarketTick(deps.db, deps.clock.now());
    },
  };
}
