import { lineSum, toKopecks } from "@wholesale/contract";
import type { Check, Quote, Refusal } from "../types.ts";
import type { ClientContext } from "./client.ts";
import type { DayOrder, DayRow, ModificationData } from "./kept-rows.ts";
import { judgePosition } from "./limits.ts";
import { limitRefusal, TEXT } from "./messages.ts";
import { viewOf } from "./modification-view.ts";
import { priceForQuantity, type SellableTier } from "./price-list.ts";

/** The client allowed to order now, the business day and the moment of the call. */
export type Situation = { client: ClientContext; day: string; now: Date };

/** A position weighed against the rules: the modification, the day's positions, the one it changes, its total. */
export type Weighing = {
  s: Situation;
  modification: ModificationData;
  day: readonly DayRow[];
  current: DayRow | null;
  total: number;
  mode: "add" | "change";
};

/** Adding `quantity` to the day's order: into the modification's «Добавлен» position, if it has one. */
export function addWeighing(
  s: Situation,
  modification: ModificationData,
  order: DayOrder,
  quantity: number,
): Weighing {
  const current =
    order.positions.find((p) => p.modificationId === modification.id && p.status === "added") ?? null;
  const total = (current?.quantity ?? 0) + quantity;
  return { s, modification, day: order.positions, current, total, mode: "add" };
}

/**
 * A new position's status, as the add's statement writes it (`positionPart`, add-statement-parts.ts, says why):
 * «Отправлен на сборку» in an order collected from with nothing «Добавлен» left, otherwise «Добавлен».
 */
const newPositionStatus = (day: readonly DayRow[]): DayRow["status"] =>
  day.some((p) => p.status === "collected") && !day.some((p) => p.status === "added")
    ? "sent_to_collect"
    : "added";

/**
 * The position an add weighed as `w` leaves at `tier`, as the day kept in memory holds it: the «Добавлен» one it
 * grows (keeping that one's name) or a new one named `name`.
 */
export function addedRow(w: Weighing, tier: SellableTier, name: string, id: number): DayRow {
  return {
    id,
    modificationId: w.modification.id,
    brandId: w.modification.brandId,
    exclusive: w.modification.exclusive !== null,
    quantity: w.total,
    price: tier.price,
    currencyId: tier.currencyId,
    name: w.current?.name ?? name,
    currencySign: tier.currencySign,
    status: w.current ? "added" : newPositionStatus(w.day),
  };
}

/** The day's positions with `row` in place of the one the add grew (`grown`), or after them. */
export const withAdded = (positions: readonly DayRow[], row: DayRow, grown: DayRow | null): DayRow[] =>
  grown ? positions.map((p) => (p.id === grown.id ? row : p)) : [...positions, row];

/**
 * The refusal of a limit, saying what is still possible at the largest total every rule allows. One the stock
 * bounds, with units left, offers «Взять сколько есть» with the quote of the quantity asked: the price the
 * client confirms for it (add-available.ts).
 */
export function limitRefusalOf(
  check: Extract<Check, { ok: false }>,
  w: Pick<Weighing, "s" | "modification" | "current" | "mode" | "total">,
): Refusal {
  const { s, modification, current, mode } = w;
  const held = current?.quantity ?? 0;
  const canStill = mode === "add" ? Math.max(0, check.maxTotal - held) : check.maxTotal;
  const tier = priceForQuantity(modification.pricing, Math.max(1, check.maxTotal));
  const currencySign = tier?.currencySign ?? modification.pricing.orderable[0]?.tiers[0]?.currencySign ?? "";
  const refusal = limitRefusal(check, canStill, mode, { currencySign, showPrices: s.client.showPrices });
  const asked = refusal.takeAvailable ? priceForQuantity(modification.pricing, w.total) : null;
  return asked ? { ...refusal, quote: quoteOf(w, asked) } : refusal;
}

/** Every rule for the position at its total: the tier it is sold at, or the refusal. */
export function weigh(w: Weighing): { ok: true; tier: SellableTier } | Refusal {
  const judged = judgePosition(w.modification, w.day, w.current, w.total, w.s.client.totalLimit);
  if (judged.ok) return judged;
  if (judged.code === "not_sold") return { ok: false, code: "not_sold", message: TEXT.notSold };
  if (judged.code === "below_minimum")
    return { ok: false, code: "bad_quantity", message: `Этот товар продаётся от ${judged.minimum} шт.` };
  return limitRefusalOf(judged.check, w);
}

/** The position the weighing makes at its tier, priced only for a client who may see prices. */
export function quoteOf({ s, total }: Pick<Weighing, "s" | "total">, tier: SellableTier): Quote {
  const shown = s.client.showPrices;
  return {
    quantity: total,
    price: shown ? tier.price : null,
    sum: shown ? lineSum(tier.price, total) : null,
    currencySign: tier.currencySign,
  };
}

/** A refusal with the modification's card as the client may order it now, drawn from what was read. */
export const withCard = ({ s, modification, day }: Weighing, refusal: Refusal): Refusal => ({
  ...refusal,
  card: viewOf(s.client, modification, day),
});

/**
 * The price the client confirmed against the one charged now: a client who sees prices is charged only the
 * price they confirmed, so none (a page or a button that skipped the confirmation) or a different one refuses
 * with the position at the price now, to confirm. A client who may not see prices confirms the quantity alone,
 * whatever price came with it. Null when the change may go ahead.
 */
export function priceChanged(w: Weighing, tier: SellableTier, confirmedPrice: number | null): Refusal | null {
  if (!w.s.client.showPrices) return null;
  if (confirmedPrice === null)
    return { ok: false, code: "price_changed", message: TEXT.confirmPrice, quote: quoteOf(w, tier) };
  if (toKopecks(confirmedPrice) === toKopecks(tier.price)) return null;
  return { ok: false, code: "price_changed", message: TEXT.priceChanged, quote: quoteOf(w, tier) };
}
