import type { Db } from "../../db/client.ts";
import type { ClientContext } from "./client-context.ts";
import { checkPosition, judgePosition } from "./limits.ts";
import { limitRefusal, TEXT } from "./messages.ts";
import { loadModificationAndDay, type ModificationData } from "./modification-data.ts";
import { charge, minimumQuantity, priceForQuantity, roundMoney } from "./price-list.ts";
import { stockState } from "./stock-state.ts";
import type { DayRow } from "./today-order.ts";
import type { ModificationView, Quote } from "./types.ts";

/** Far above any stock: asks the limits for the largest quantity they allow. */
const ANY = 1_000_000;

/** Amounts a client commonly taps, offered beside each sold tier's threshold. */
const COMMON_QUANTITIES = [1, 5, 10, 20, 50, 100];

/**
 * One modification as this client sees it, with how many units the client may still order today; with
 * `quantity`, the position adding that many would make.
 */
export async function modificationView(
  db: Db,
  client: ClientContext,
  modificationId: number,
  day: string,
  quantity?: number,
): Promise<ModificationView | null> {
  const read = await loadModificationAndDay(db, client, modificationId, day);
  return read ? viewOf(client, read.modification, read.order.positions, quantity) : null;
}

/** The amounts worth a button that adding would accept now, ascending. */
function acceptedQuantities(
  client: ClientContext,
  m: ModificationData,
  positions: readonly DayRow[],
  current: DayRow | null,
): number[] {
  const held = current?.quantity ?? 0;
  const thresholds = m.pricing.orderable.flatMap((l) => l.tiers.map((t) => t.fromQuantity));
  return [...new Set([...COMMON_QUANTITIES, ...thresholds])]
    .filter((q) => q >= 1 && judgePosition(m, positions, current, held + q, client.totalLimit).ok)
    .sort((a, b) => a - b);
}

/** Adding `quantity`: the whole position at the tier it reaches, when the client may see prices. */
function quoteOf(client: ClientContext, m: ModificationData, held: number, quantity: number): Quote | null {
  if (!client.showPrices) return null;
  const total = held + quantity;
  const tier = priceForQuantity(m.pricing, total);
  if (!tier) return null;
  return {
    quantity: total,
    price: tier.price,
    sum: roundMoney(tier.price * total),
    currencySign: tier.currencySign,
  };
}

/** The same from what was read already: the modification and the client's positions of the day. */
export function viewOf(
  client: ClientContext,
  m: ModificationData,
  positions: readonly DayRow[],
  quantity?: number,
): ModificationView {
  const current = positions.find((p) => p.modificationId === m.id && p.status === "added") ?? null;
  const held = current?.quantity ?? 0;

  let canOrder = 0;
  let reason: string | null = null;
  if (m.pricing.orderable.length === 0) {
    reason = TEXT.notSold;
  } else {
    const check = checkPosition(m, positions, current, ANY, client.totalLimit);
    canOrder = check.ok ? ANY - held : Math.max(0, check.maxTotal - held);
    if (canOrder === 0 && !check.ok) {
      const sign = m.pricing.orderable[0]?.tiers[0]?.currencySign ?? "";
      reason = limitRefusal(check, 0, "add", {
        currencySign: sign,
        minimum: minimumQuantity(m.pricing),
      }).message;
    }
  }
  const ownList = client.orderLists[0] ?? "small";
  const sign = m.pricing.shown[0]?.currencySign ?? "";
  return {
    id: m.id,
    name: m.name,
    productName: m.productName,
    brandName: m.brandName,
    specifications: m.specifications,
    addition: m.addition && {
      description: m.addition.description,
      price: client.showPrices ? charge(m.addition[ownList], client.multiplier) : null,
      currencySign: sign,
    },
    tiers: m.pricing.shown,
    stock: stockState(m.quantity),
    canOrder,
    reason,
    quantities: acceptedQuantities(client, m, positions, current),
    quote: quantity === undefined ? null : quoteOf(client, m, held, quantity),
  };
}
