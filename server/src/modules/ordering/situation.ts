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
export async function readSituation(db: Db | Tx, clientId: number, now: Date): Promise<SituationRead> {
  const row = await valuesRow(db, {
    client: clientColumn(clientId),
    schedules: schedulesColumn({ activeOnly: true }),
  });
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
