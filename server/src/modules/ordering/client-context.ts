import { sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { type Bindable, fixedStatement } from "../../db/fixed-statement.ts";
import {
  accessRules,
  CLIENT_TYPE_LARGE,
  CLIENT_TYPE_SMALL,
  clientGroups,
  clients,
} from "../../db/schema/index.ts";
import type { ClientRow } from "./kept-rows.ts";
import { cachesOf } from "./ordering-cache.ts";
import type { PriceList } from "./types.ts";

/** Everything the ordering rules need to know about one client, read once per call. */
export type ClientContext = {
  id: number;
  clientType: number;
  /** The client's own list (its type's), first, then the extra one its dialog flags allow. */
  orderLists: PriceList[];
  groupId: number | null;
  transportationId: number | null;
  /** The multiplier the client pays over the list price: the group's surcharge with allowed_price_w_markup. */
  multiplier: number;
  showPrices: boolean;
  bannedBrands: string[];
  allPrices: string[];
  totalLimit: number | null;
};

export type ClientLookup =
  | { ok: true; client: ClientContext }
  | { ok: false; code: "not_found" | "client_not_allowed"; message: string };

export const listOfType = (clientType: number): PriceList | null =>
  clientType === CLIENT_TYPE_SMALL ? "small" : clientType === CLIENT_TYPE_LARGE ? "large" : null;

/**
 * The client's order lists: its type's list, plus the other when the dialog's «Доступен малый опт» /
 * «Доступен крупный опт» flag names it. A flag naming the client's own list adds nothing.
 */
export function orderListsOf(
  clientType: number,
  flags: { clientSmallWholesale: boolean; clientLargeWholesale: boolean },
): PriceList[] {
  const own = listOfType(clientType);
  if (!own) return [];
  const lists: PriceList[] = [own];
  if (own === "small" && flags.clientLargeWholesale) lists.push("large");
  if (own === "large" && flags.clientSmallWholesale) lists.push("small");
  return lists;
}

/** The surcharge a client pays: the active group's coefficient, only when prices "with markup" are on. */
export function multiplierOf(
  client: { allowedPrice: boolean; allowedPriceWMarkup: boolean },
  group: { surcharge: number; isActive: boolean } | null,
): number {
  if (!client.allowedPrice || !client.allowedPriceWMarkup || !group?.isActive) return 1;
  return group.surcharge;
}

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

/** What the ordering rules make of a client's row: allowed to order with this context, or why not. */
export function clientLookupOf(row: ClientRow | null): ClientLookup {
  if (!row) return { ok: false, code: "not_found", message: "Клиент не найден." };
  const c = row;
  if (c.permanentBanned || c.banned || !c.isActive || c.offline) {
    return {
      ok: false,
      code: "client_not_allowed",
      message: "Вы не можете делать заказы. Обратитесь к менеджеру.",
    };
  }
  const orderLists = c.clientType === null ? [] : orderListsOf(c.clientType, c);
  if (c.clientType === null || orderLists.length === 0) {
    return {
      ok: false,
      code: "client_not_allowed",
      message: "Ваш объём закупки ещё не определён. Обратитесь к менеджеру.",
    };
  }
  return {
    ok: true,
    client: {
      id: c.id,
      clientType: c.clientType,
      orderLists,
      groupId: c.groupId,
      transportationId: c.transportationId,
      multiplier: multiplierOf(c, row.group),
      showPrices: c.allowedPrice,
      bannedBrands: row.rules?.bannedBrands ?? [],
      allPrices: row.rules?.allPrices ?? [],
      totalLimit: row.rules?.totalLimit ?? null,
    },
  };
}
