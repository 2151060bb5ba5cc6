import { sql } from "drizzle-orm";
import type { Db, Tx } from "../../../db/client.ts";
import { type Bindable, fixedStatement } from "../../../db/fixed-statement.ts";
import { accessRules, clientGroups, clients } from "../../../db/schema/index.ts";
import { type ClientLookup, clientLookupOf } from "../rules/client.ts";
import type { ClientRow } from "../rules/kept-rows.ts";
import { cachesOf } from "./ordering-cache.ts";

/**
 * One client as the rules read it, as one JSON value, so a statement can carry it beside its own columns
 * (situation.ts adds the market's schedules). Spelt in SQL rather than built column by column: every order tap
 * reads it, and Drizzle's building of a select costs about 3 µs a column, more than the read itself.
 */
export const clientColumn = (clientId: Bindable<number>) =>
  sql<ClientRow | null>`(select json_build_object('id', c.id, 'clientType', c.client_type,
      'permanentBanned', c.permanent_banned, 'banned', c.banned, 'isActive', c.is_active, 'offline', c.offline,
      'clientSmallWholesale', c.client_small_wholesale, 'clientLargeWholesale', c.client_large_wholesale,
      'groupId', c.group_id, 'transportationId', c.transportation_id, 'allowedPrice', c.allowed_price,
      'allowedPriceWMarkup', c.allowed_price_w_markup,
      'group', case when g.id is null then null else json_build_object('surcharge', g.surcharge, 'isActive', g.is_active) end,
      'rules', case when r.client_id is null then null
        else json_build_object('allPrices', r.all_prices, 'bannedBrands', r.banned_brands, 'totalLimit', r.total_limit) end)
    from ${clients} c
    left join ${clientGroups} g on g.id = c.group_id
    left join ${accessRules} r on r.client_id = c.id
    where c.id = ${clientId})`;

const readClient = fixedStatement<{ clientId: number }, ClientRow | null>(
  (v) => sql`select ${clientColumn(v.clientId)} as r`,
);

/**
 * The client's row as the rules read it: kept in memory until the database announces a change of the client,
 * its access rules or the groups (ordering-cache.ts), read afresh otherwise.
 */
export const clientRow = (db: Db | Tx, clientId: number): Promise<ClientRow | null> =>
  cachesOf(db).clients.get(clientId, () => readClient.run(db, { clientId }));

export async function loadClient(db: Db | Tx, clientId: number): Promise<ClientLookup> {
  return clientLookupOf(await clientRow(db, clientId));
}
