import { stockState } from "@wholesale/contract";
import type { ModificationView } from "../types.ts";
import type { ClientContext } from "./client.ts";
import type { DayRow, ModificationData } from "./kept-rows.ts";
import { checkPosition, judgePosition } from "./limits.ts";
import { limitRefusal, TEXT } from "./messages.ts";
import { charge } from "./price-list.ts";

/** Far above any stock: asks the limits for the largest quantity they allow. */
const ANY = 1_000_000;

/** Amounts a client commonly taps, offered beside each sold tier's threshold. */
const COMMON_QUANTITIES = [1, 5, 10, 20, 50, 100];

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

/** The same from what was read already: the modification and the client's positions of the day. */
export function viewOf(
  client: ClientContext,
  m: ModificationData,
  positions: readonly DayRow[],
): ModificationView {
  const current = positions.find((p) => p.modificationId === m.id && p.status === "added") ?? null;
  const held = current?.quantity ?? 0;

  let canOrder = false;
  let upTo: number | null = null;
  let reason: string | null = null;
  if (m.pricing.orderable.length === 0) {
    reason = TEXT.notSold;
  } else {
    const check = checkPosition(m, positions, current, ANY, client.totalLimit);
    const most = check.ok ? ANY : Math.max(0, check.maxTotal - held);
    canOrder = most > 0;
    // A figure is named only when a limit of the client's own sets it: never the stock's, nor ANY.
    if (!check.ok && !check.stockBound && most > 0) upTo = most;
    if (!check.ok && most === 0) {
      const sign = m.pricing.orderable[0]?.tiers[0]?.currencySign ?? "";
      reason = limitRefusal(check, 0, "add", { currencySign: sign, showPrices: client.showPrices }).message;
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
    upTo,
    reason,
    quantities: acceptedQuantities(client, m, positions, current),
  };
}
