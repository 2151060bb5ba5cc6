import { lineSum, type StockState, stockState } from "@wholesale/contract";
import { sql } from "drizzle-orm";
import type { Db, Tx } from "../../../db/client.ts";
import { brands, modifications, products } from "../../../db/schema/index.ts";
import type { ClientContext } from "../rules/client.ts";
import type { ModificationStatic } from "../rules/kept-rows.ts";
import { TEXT } from "../rules/messages.ts";
import { availabilityShown, priceForQuantity, pricingFor } from "../rules/price-list.ts";
import type {
  CatalogueItem,
  CatalogueQuery,
  ModificationItem,
  ModificationView,
  Page,
  Quote,
  Refusal,
} from "../types.ts";
import * as lists from "./catalogue-lists.ts";
import { loadClient } from "./client-context.ts";
import { modificationView, nameOfKept, staticOf } from "./modification-data.ts";
import { audienceOf, visibleTo } from "./visibility.ts";

/** A line of a prepared list as the client would order it now: priced by the add's own tiers, nothing judged. */
export type LineNow = {
  modificationId: number;
  name: string;
  quantity: number;
  /** The unit price the line's quantity reaches now; null without prices or when it is not sold. */
  price: number | null;
  sum: number | null;
  currencySign: string;
  /** Seen by the client and sold to them at this quantity now. */
  sold: boolean;
  stock: StockState;
};

/** A client's view of the catalogue for a prepared list (listView's, when the client may order). */
export type ListView = Extract<Awaited<ReturnType<typeof listView>>, { ok: true }>;

/**
 * What a prepared list («Список к открытию») shows of the catalogue whether or not the market is open:
 * a list is prepared while it is closed, and the ordering service's own views are empty then. Every figure is the
 * service's (pricingFor, visibleTo, stockState); nothing here judges an add, which happens only when a line is
 * sent (addPosition, every rule). Null when the client may not order at all.
 */
export async function listView(db: Db, clientId: number) {
  const found = await loadClient(db, clientId);
  if (!found.ok) return found;
  const client = found.client;
  return {
    ok: true as const,
    showPrices: client.showPrices,
    linesNow: (lines: readonly { modificationId: number; quantity: number }[], on: Db | Tx = db) =>
      linesNow(on, client, lines),
    /** Each modification's name as a position gets it (kept in memory: no round trip when warm). */
    names: async (ids: readonly number[], on: Db | Tx = db): Promise<Map<number, string>> => {
      const unique = [...new Set(ids)];
      const statics = await Promise.all(unique.map((id) => staticOf(on, id)));
      return new Map(unique.map((id, i) => [id, nameOf(statics[i])]));
    },
    catalogue: (query: CatalogueQuery, page: number): Promise<Page<CatalogueItem>> =>
      lists.catalogueItems(db, client, query, page),
    brands: () => lists.allBrands(db, client),
    card: (modificationId: number, day: string): Promise<ModificationView | null> =>
      modificationView(db, client, modificationId, day),
    search: (text: string, page = 1): Promise<Page<ModificationItem>> =>
      lists.searchModifications(db, client, text, page),
    quote: async (modificationId: number, quantity: number, on: Db | Tx = db) => {
      const [line] = await linesNow(on, client, [{ modificationId, quantity }]);
      return quoteOfLine(line);
    },
    /** Each line's quote as `quote` gives it, in one read. */
    quotes: async (lines: readonly { modificationId: number; quantity: number }[], on: Db | Tx = db) =>
      (await linesNow(on, client, lines)).map(quoteOfLine),
  };
}

async function linesNow(
  db: Db | Tx,
  client: ClientContext,
  lines: readonly { modificationId: number; quantity: number }[],
): Promise<LineNow[]> {
  if (lines.length === 0) return [];
  const ids = [...new Set(lines.map((l) => l.modificationId))];
  const [rows, statics] = await Promise.all([
    db.execute(sql`select ${modifications.id} as id,
        ${modifications.quantity} as quantity, (${visibleTo(audienceOf(client))}) as visible
      from ${modifications} join ${products} on ${products.id} = ${modifications.productId}
      join ${brands} on ${brands.id} = ${products.brandId}
      where ${modifications.id} = any(${sql.param(ids)}::int[])`),
    Promise.all(ids.map((id) => staticOf(db, id))),
  ]);
  // Both drivers answer `execute` with `{ rows }`; the `Db` type leaves it unknown.
  const found = (rows as unknown as { rows: { id: number; quantity: number; visible: boolean }[] }).rows;
  const seen = new Map(found.map((r) => [r.id, r]));
  const kept = new Map(ids.map((id, i) => [id, statics[i] ?? null]));
  return lines.map(({ modificationId, quantity }) => {
    const row = seen.get(modificationId);
    const m = kept.get(modificationId);
    const name = nameOf(m);
    const pricing =
      m && row?.visible
        ? pricingFor(
            m.tiers,
            availabilityShown({ small: m.small, large: m.large }, Number(row.quantity), m.tiers),
            client,
            client.allPrices.includes(m.brandName),
          )
        : null;
    const tier = pricing ? priceForQuantity(pricing, quantity) : null;
    const price = tier && client.showPrices ? tier.price : null;
    return {
      modificationId,
      name,
      quantity,
      price,
      sum: price === null ? null : lineSum(price, quantity),
      currencySign: tier?.currencySign ?? pricing?.shown[0]?.currencySign ?? "",
      sold: tier !== null,
      stock: row?.visible ? stockState(Number(row.quantity)) : "none",
    };
  });
}

/** A modification's name as its position would be named; a modification gone from the catalogue says so. */
const nameOf = (m: ModificationStatic | null | undefined): string => (m ? nameOfKept(m) : TEXT.notFound);

/** A line's quote: the tier its quantity reaches now, or why it is not sold. */
function quoteOfLine(line: LineNow | undefined): { ok: true; quote: Quote } | Refusal {
  if (!line || line.name === TEXT.notFound) return { ok: false, code: "not_found", message: TEXT.notFound };
  if (!line.sold) return { ok: false, code: "not_sold", message: TEXT.notSold };
  return {
    ok: true,
    quote: { quantity: line.quantity, price: line.price, sum: line.sum, currencySign: line.currencySign },
  };
}
