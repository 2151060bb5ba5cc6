import { type SQL, sql, type WithSubquery } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { valuesRow } from "../../db/values-row.ts";
import {
  CLOSED_MARKET,
  type MarketClient,
  type MarketState,
  marketStateAt,
  schedulesColumn,
  storedSchedulesOf,
} from "../market/index.ts";
import { type ClientLookup, clientColumn, clientLookupOf } from "./client-context.ts";
import { changeAllowed, spendChange } from "./order-rate.ts";

/** A client as the ordering rules see them and the market's decision for them, at one moment. */
export type SituationRead = { lookup: ClientLookup; market: MarketState; now: Date };

/** A change's first reading: `allowed` is false when a paced change was beyond the client's allowance. */
export type LockedRead = SituationRead & { allowed: boolean };

/**
 * The client (client-context.ts) and the market's own decision for them (`marketStateAt` of
 * market/market-rule.ts, the same as marketStateForClient) over the client and the active schedules, read
 * in ONE statement instead of seven: every order tap asks it, so the bot's rush at the market's opening pays
 * one round trip for it. Nothing is cached.
 */
export async function readSituation(db: Db | Tx, clientId: number, now: Date): Promise<SituationRead> {
  const { read } = await situationRow(db, clientId, now, {});
  return read;
}

/** Any namespace number no other advisory lock of the product uses. */
const CLIENT_LOCK_NAMESPACE = 1212;

/**
 * The situation read as a change's first statement, which also takes the client's ordering lock (and, for an
 * add or a change of quantity, spends one change of the client's allowance): one round trip for all, so an
 * order tap pays five (begin, this, the modification and the day, the write, commit). The lock
 * serialises one client's changes (two taps at once): the day's limits are read and written under it, and the
 * day's order is created once; other clients run in parallel, and stock is guarded by its conditional UPDATE,
 * not by this lock. The client and the market are read from the statement's snapshot, taken before any wait
 * for the lock, as a read before the transaction would be; what the limits weigh is read after it.
 */
export async function lockAndReadSituation(
  tx: Tx,
  clientId: number,
  now: Date,
  paced: boolean,
): Promise<LockedRead> {
  const { read, allowed } = await situationRow(tx, clientId, now, clientLock(tx, clientId, now, paced));
  return { ...read, allowed };
}

/** The client's ordering lock alone (and the allowance, when paced), for a change whose situation was read. */
export async function lockClient(tx: Tx, clientId: number, now: Date, paced: boolean): Promise<boolean> {
  const { columns, ctes } = clientLock(tx, clientId, now, paced);
  const row = await valuesRow(tx, columns, ...ctes);
  return "allowed" in row ? row.allowed : true;
}

/**
 * The client's ordering lock as a statement's column; for a paced change (an add or a change of quantity) the
 * lock is taken by the WITH query that spends one change of the client's allowance (order-rate.ts), and the
 * column says whether the change was within it.
 */
function clientLock(tx: Tx, clientId: number, now: Date, paced: boolean): Locking {
  const lock = sql`pg_advisory_xact_lock(${CLIENT_LOCK_NAMESPACE}::int, ${clientId}::int)`;
  if (!paced) return { columns: { locked: lock }, ctes: [] };
  const spent = spendChange(tx, clientId, now, lock);
  return { columns: { allowed: changeAllowed(spent) }, ctes: [spent] };
}

type Locking = {
  columns: { locked: SQL } | { allowed: SQL<boolean> };
  ctes: WithSubquery[];
};

async function situationRow(
  db: Db | Tx,
  clientId: number,
  now: Date,
  locking: Partial<Locking>,
): Promise<{ read: SituationRead; allowed: boolean }> {
  const columns = { client: clientColumn(clientId), schedules: schedulesColumn({ activeOnly: true }) };
  const row = await valuesRow(db, { ...columns, ...locking.columns }, ...(locking.ctes ?? []));
  const allowed = "allowed" in row ? (row.allowed as boolean) : true;
  const { client } = row;
  const lookup = clientLookupOf(client);
  if (!client) return { read: { lookup, market: CLOSED_MARKET, now }, allowed };
  const schedules = storedSchedulesOf(row.schedules);
  const target: MarketClient = {
    id: client.id,
    clientType: client.clientType,
    groupId: client.groupId,
    transportationId: client.transportationId,
  };
  return { read: { lookup, market: marketStateAt(schedules, target, now), now }, allowed };
}
