import { sql } from "drizzle-orm";
import type { Db, Tx } from "../../../db/client.ts";
import { fixedStatement } from "../../../db/fixed-statement.ts";
import {
  CLOSED_MARKET,
  type MarketClient,
  type MarketState,
  marketStateAt,
  schedulesColumn,
  storedSchedulesOf,
} from "../../market/index.ts";
import { type ClientLookup, clientLookupOf } from "../rules/client.ts";
import { clientRow } from "./client-context.ts";
import { cachesOf } from "./ordering-cache.ts";

/** A client as the ordering rules see them and the market's decision for them, at one moment. */
export type SituationRead = { lookup: ClientLookup; market: MarketState; now: Date };

const readSchedules = fixedStatement<Record<string, never>, Parameters<typeof storedSchedulesOf>[0]>(
  () => sql`select ${schedulesColumn({ activeOnly: true })} as r`,
);

/** The active market schedules, kept in memory until the database announces a change of any of them. */
const activeSchedules = (db: Db | Tx) =>
  cachesOf(db).schedules.get(0, async () => storedSchedulesOf(await readSchedules.run(db, {})));

/**
 * The client (client-context.ts) and the market's own decision for them (`marketStateAt` of
 * market/market-rule.ts, the same as marketStateForClient) over the client and the active schedules: every
 * order tap asks it, from what the process keeps of both (ordering-cache.ts: the database announces every
 * change of them), so a tap pays no round trip for it; the decision itself is made at each call, at its moment.
 */
export async function readSituation(db: Db | Tx, clientId: number, now: Date): Promise<SituationRead> {
  const [client, schedules] = await Promise.all([clientRow(db, clientId), activeSchedules(db)]);
  const lookup = clientLookupOf(client);
  if (!client) return { lookup, market: CLOSED_MARKET, now };
  const target: MarketClient = {
    id: client.id,
    clientType: client.clientType,
    groupId: client.groupId,
    transportationId: client.transportationId,
  };
  return { lookup, market: marketStateAt(schedules, target, now), now };
}
