import { type SQL, sql } from "drizzle-orm";
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

/** A client as the ordering rules see them and the market's decision for them, at one moment. */
export type SituationRead = { lookup: ClientLookup; market: MarketState; now: Date };

/**
 * The client (client-context.ts) and the market's own decision for them (`marketStateAt` of
 * market/market-rule.ts, the same as marketStateForClient) over the client and the active schedules, read
 * in ONE statement instead of seven: every order tap asks it, so the bot's rush at the market's opening pays
 * one round trip for it. Nothing is cached.
 */
export function readSituation(db: Db | Tx, clientId: number, now: Date): Promise<SituationRead> {
  return situationRow(db, clientId, now, null);
}

/** Any namespace number no other advisory lock of the product uses. */
const CLIENT_LOCK_NAMESPACE = 1212;

/**
 * The situation read as a change's first statement, which also takes the client's ordering lock: one round trip
 * for both, so an order tap pays five (begin, this, the modification and the day, the write, commit). The lock
 * serialises one client's changes (two taps at once): the day's limits are read and written under it, and the
 * day's order is created once; other clients run in parallel, and stock is guarded by its conditional UPDATE,
 * not by this lock. The client and the market are read from the statement's snapshot, taken before any wait
 * for the lock, as a read before the transaction would be; what the limits weigh is read after it.
 */
export function lockAndReadSituation(tx: Tx, clientId: number, now: Date): Promise<SituationRead> {
  return situationRow(tx, clientId, now, clientLock(clientId));
}

/** The client's ordering lock alone, for a change whose situation was read already. */
export async function lockClient(tx: Tx, clientId: number): Promise<void> {
  await valuesRow(tx, { locked: clientLock(clientId) });
}

const clientLock = (clientId: number) =>
  sql`pg_advisory_xact_lock(${CLIENT_LOCK_NAMESPACE}::int, ${clientId}::int)`;

async function situationRow(
  db: Db | Tx,
  clientId: number,
  now: Date,
  lock: SQL | null,
): Promise<SituationRead> {
  const columns = { client: clientColumn(clientId), schedules: schedulesColumn({ activeOnly: true }) };
  const row = await valuesRow(db, lock ? { ...columns, locked: lock } : columns);
  const { client } = row;
  const lookup = clientLookupOf(client);
  if (!client) return { lookup, market: CLOSED_MARKET, now };
  const schedules = storedSchedulesOf(row.schedules);
  const target: MarketClient = {
    id: client.id,
    clientType: client.clientType,
    groupId: client.groupId,
    transportationId: client.transportationId,
  };
  return { lookup, market: marketStateAt(schedules, target, now), now };
}
