import { lineSum, type TPastOrders } from "@wholesale/contract";
import { and, desc, eq, inArray, lt } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { currencies, orderPositions, orders } from "../../db/schema/index.ts";
import { type listView, toKopecks } from "../ordering/index.ts";
import { amountsPerCurrency } from "./amounts.ts";

type View = Extract<Awaited<ReturnType<typeof listView>>, { ok: true }>;

/** How many past orders the Mini App's history shows. */
const HISTORY = 20;

async function positionsOf(on: Db | Tx, orderIds: number[]) {
  if (orderIds.length === 0) return [];
  return on
    .select({
      orderId: orderPositions.orderId,
      modificationId: orderPositions.modificationId,
      name: orderPositions.modificationName,
      quantity: orderPositions.quantity,
      price: orderPositions.price,
      currencySign: currencies.sign,
      currencyId: currencies.id,
    })
    .from(orderPositions)
    .innerJoin(currencies, eq(currencies.id, orderPositions.currencyId))
    .where(inArray(orderPositions.orderId, orderIds))
    .orderBy(orderPositions.orderId, orderPositions.id);
}

/**
 * The client's orders before today, newest first, as they were ordered (names and prices of then; prices only
 * for a client shown prices), each position marked whether it is sold to the client now.
 */
export async function pastOrders(db: Db, view: View, clientId: number, today: string): Promise<TPastOrders> {
  const heads = await db
    .select({ id: orders.id, day: orders.openedOn })
    .from(orders)
    .where(and(eq(orders.clientId, clientId), lt(orders.openedOn, today)))
    .orderBy(desc(orders.openedOn), desc(orders.id))
    .limit(HISTORY);
  const positions = await positionsOf(
    db,
    heads.map((h) => h.id),
  );
  const now = await view.linesNow(positions);
  const shown = view.showPrices;
  return {
    results: heads.map((head) => {
      const own = positions.flatMap((p, i) =>
        p.orderId === head.id ? [{ ...p, sold: now[i]?.sold ?? false }] : [],
      );
      return {
        id: head.id,
        day: head.day,
        positions: own.map((p) => ({
          modification: p.modificationId,
          name: p.name,
          quantity: p.quantity,
          price: shown ? p.price : null,
          currency_sign: p.currencySign,
          sum: shown ? lineSum(p.price, p.quantity) : null,
          sold: p.sold,
        })),
        // Currencies in one order for every past order (the back-office's, by currency): in the order
        // their positions came, one order read «₽ · $» and the next «$ · ₽».
        totals: shown
          ? amountsPerCurrency(
              own
                .toSorted((a, b) => a.currencyId - b.currencyId)
                .map((p) => ({ currencySign: p.currencySign, amount: lineSum(p.price, p.quantity) })),
            )
          : null,
      };
    }),
  };
}

/** A position of a past order to order again: its modification, units and the unit price it had in kopecks. */
export type RepeatedLine = { modificationId: number; quantity: number; priceKopecks: number | null };

/**
 * A past order of the client's as lines to list: one per modification (its quantities together), at the price
 * the order had, which the client saw in the history (none for a client not shown prices). Undefined when the
 * order is not the client's or is today's.
 */
export async function repeatedLines(
  on: Db | Tx,
  view: View,
  clientId: number,
  orderId: number,
  today: string,
): Promise<RepeatedLine[] | undefined> {
  const [head] = await on
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.clientId, clientId), lt(orders.openedOn, today)));
  if (!head) return undefined;
  const lines = new Map<number, RepeatedLine>();
  for (const p of await positionsOf(on, [orderId])) {
    const held = lines.get(p.modificationId);
    if (held) held.quantity += p.quantity;
    else
      lines.set(p.modificationId, {
        modificationId: p.modificationId,
        quantity: p.quantity,
        priceKopecks: view.showPrices ? toKopecks(p.price) : null,
      });
  }
  return [...lines.values()];
}
