import { CLIENT_TYPE_LARGE, CLIENT_TYPE_SMALL } from "@wholesale/contract";
import type { PriceList } from "../types.ts";
import type { ClientRow } from "./kept-rows.ts";

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
