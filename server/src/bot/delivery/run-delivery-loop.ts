import type { Api } from "grammy";
import type { Db } from "../../db/client.ts";
import type { Backoff } from "../../lib/backoff.ts";
import { type ClaimedRow, claimDue } from "../../modules/outbox/index.ts";
import type { Leases } from "./leases.ts";
import type { MisconfiguredHalt } from "./misconfigured-halt.ts";
import type { SharedPause } from "./shared-pause.ts";
import type { StopSignal } from "./stop-signal.ts";

const LOOKAHEAD_MS = 500;

/**
 * Claims due rows and hands them to `dispatch` until the worker stops; waits while there is no token, a
 * pause or a halt, or nothing due, and after a failure waits the backoff's time.
 */
export async function runDeliveryLoop(deps: {
  db: Db;
  api: Api | null;
  signal: StopSignal;
  pause: SharedPause;
  halt: MisconfiguredHalt;
  leases: Leases;
  backoff: Backoff;
  batchSize: number;
  leaseMs: number;
  idleMs: number;
  cleanUpIfDue: () => Promise<void>;
  dispatch: (rows: ClaimedRow[]) => Promise<number>;
  onError: (error: unknown, context: string) => void;
}): Promise<void> {
  const { db, signal, pause, halt, leases, backoff, idleMs } = deps;
  while (!signal.stopped()) {
    try {
      await deps.cleanUpIfDue();
      if (!deps.api) {
        await signal.sleep(idleMs);
        continue;
      }
      const pausedFor = Math.max(pause.until(), halt.until()) - Date.now();
      if (pausedFor > 0) {
        await signal.sleep(pausedFor);
        continue;
      }
      const askedAt = Date.now();
      const rows = await claimDue(db, deps.batchSize, deps.leaseMs);
      leases.hold(rows, askedAt);
      if (rows.length === 0) {
        backoff.succeed();
        await signal.sleep(idleMs);
        continue;
      }
      const lastAt = await deps.dispatch(rows);
      backoff.succeed();
      // Claim the next batch half a second before this one's last send, so the pace has no gaps.
      await signal.sleep(Math.max(0, lastAt - Date.now() - LOOKAHEAD_MS));
    } catch (error) {
      deps.onError(error, "delivery");
      await signal.sleep(backoff.fail());
    }
  }
}
