import type { Db } from "../../db/client.ts";
import { type ClaimedRow, renewLeases } from "../../modules/outbox/index.ts";

export type Leases = {
  /** Rows just claimed with a lease of `leaseMs`, asked for at `askedAt` (this process's clock). */
  hold: (rows: ClaimedRow[], askedAt: number) => void;
  /** Whether the row's lease is known to last at least the margin more: only then may its send start. */
  canSend: (row: ClaimedRow) => boolean;
  /** Whether a renewal found the row taken by another worker (or already recorded). */
  lost: (row: ClaimedRow) => boolean;
  /** The rows' fates no longer depend on their leases: recorded, or their sends delivered nothing. */
  letGo: (rows: ClaimedRow[]) => void;
  start: () => void;
  stop: () => Promise<void>;
};

type Held = { row: ClaimedRow; until: number; lost: boolean };

/** Rows renewed in one statement at most. */
const RENEW_CHUNK = 1000;

/**
 * Keeps the leases of the rows a worker holds from ending under it. A claim leases its rows for `leaseMs`;
 * another worker may take a row whose lease ran out, so a send still waiting for Telegram's answer, or an
 * answer not yet recorded, must not outlive its lease, or the row is sent twice. So:
 * - every third of `baseMs` the leases of all rows held are renewed (one statement), and a row the renewal
 *   does not find is lost (another worker took it, or it was recorded meanwhile) and is not sent;
 * - a send starts only while its row's lease is known to last at least half of `baseMs` more, counted from
 *   when the claim or the last renewal was asked for (the database's lease ends later than that, so no clock
 *   needs to agree). A process starved past its renewals sends nothing more until it renewed again.
 * A send that has left keeps its lease by the renewals until it is answered and recorded; only a stall longer
 * than the margin, with the send in the air, can still let another worker take its row; the worker logs
 * a send answered after its row was lost.
 */
export function createLeases(options: {
  db: Db;
  /** The lease a claim takes and a renewal gives, in ms. */
  leaseMs: number;
  /** The lease's base (without the batch's span): renewals come every third of it, the margin is half. */
  baseMs: number;
  onError: (error: unknown, context: string) => void;
}): Leases {
  const { db, leaseMs, baseMs, onError } = options;
  const held = new Map<number, Held>();
  const marginMs = baseMs / 2;
  let timer: NodeJS.Timeout | undefined;
  let renewing: Promise<void> | undefined;
  let stopped = true;

  async function renew(): Promise<void> {
    const entries = [...held.values()];
    for (let i = 0; i < entries.length; i += RENEW_CHUNK) {
      const chunk = entries.slice(i, i + RENEW_CHUNK);
      const askedAt = Date.now();
      let renewed: Set<number>;
      try {
        renewed = await renewLeases(
          db,
          chunk.map((entry) => entry.row),
          leaseMs,
        );
      } catch (error) {
        onError(error, "lease");
        return;
      }
      for (const entry of chunk) {
        if (renewed.has(entry.row.id)) entry.until = askedAt + leaseMs;
        else entry.lost = true;
      }
    }
  }

  function schedule(): void {
    if (stopped) return;
    timer = setTimeout(() => {
      renewing = renew().finally(() => {
        renewing = undefined;
        schedule();
      });
    }, baseMs / 3);
  }

  return {
    hold(rows, askedAt) {
      for (const row of rows) held.set(row.id, { row, until: askedAt + leaseMs, lost: false });
    },
    canSend(row) {
      const entry = held.get(row.id);
      return entry?.row.lease === row.lease && !entry.lost && entry.until - Date.now() >= marginMs;
    },
    lost(row) {
      const entry = held.get(row.id);
      return entry?.row.lease === row.lease && entry.lost;
    },
    letGo(rows) {
      for (const row of rows) {
        if (held.get(row.id)?.row.lease === row.lease) held.delete(row.id);
      }
    },
    start() {
      if (!stopped) return;
      stopped = false;
      schedule();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await renewing;
      held.clear();
    },
  };
}
