import { roundMoney } from "@wholesale/contract";
import type { PriceList, TierView } from "../types.ts";

/** A stored tier with both lists' prices, as price_tiers holds it. */
export type StoredTier = {
  quantityFrom: number;
  currencyId: number;
  currencySign: string;
  smallWholesale: number;
  largeWholesale: number;
  availableSmallWholesale: boolean;
  availableLargeWholesale: boolean;
};

/** The per-type availability flags of a modification: true sold, false not, null "not decided". */
export type TypeAvailability = { small: boolean | null; large: boolean | null };

export type Pricing = {
  /** The lists the client orders from that sell this modification, with their sellable tiers. */
  orderable: { list: PriceList; tiers: SellableTier[] }[];
  /** Every tier the client is shown (its lists, plus the other list for an all_prices brand). */
  shown: TierView[];
};

export type SellableTier = { fromQuantity: number; price: number; currencyId: number; currencySign: string };

const priceOf = (tier: StoredTier, list: PriceList) =>
  list === "small" ? tier.smallWholesale : tier.largeWholesale;
const flagOf = (tier: StoredTier, list: PriceList) =>
  list === "small" ? tier.availableSmallWholesale : tier.availableLargeWholesale;

/** Money as the client pays it: the list price times the client's multiplier, to the kopeck. */
export const charge = (price: number, multiplier: number) => roundMoney(price * multiplier);

/** A tier is sold at a list when its price there is not 1 (the back-office's "not sold") and its flag is on. */
export function sellableTiers(
  tiers: readonly StoredTier[],
  list: PriceList,
  multiplier: number,
): SellableTier[] {
  return tiers
    .filter((t) => priceOf(t, list) !== 1 && flagOf(t, list))
    .map((t) => ({
      fromQuantity: t.quantityFrom,
      price: charge(priceOf(t, list), multiplier),
      currencyId: t.currencyId,
      currencySign: t.currencySign,
    }))
    .sort((a, b) => a.fromQuantity - b.fromQuantity);
}

/**
 * A modification's availability per type as the client is shown it, for `quantity` in stock. Below one unit
 * staff's moves force the flags false (catalogue/availability.ts); a sold-out modification stays in sight
 * (visibleTo, statements/visibility.ts), so there a type is read as its tiers sell it: the card shows the
 * prices it is sold at when in stock, and says «нет в наличии» rather than «не продаётся».
 */
export function availabilityShown(
  flags: TypeAvailability,
  quantity: number,
  tiers: readonly StoredTier[],
): TypeAvailability {
  if (quantity >= 1) return flags;
  const read = (list: PriceList) =>
    flags[list] === false ? tiers.some((t) => priceOf(t, list) !== 1 && flagOf(t, list)) : flags[list];
  return { small: read("small"), large: read("large") };
}

/**
 * The client's prices for one modification. A list sells it only when the modification's availability for
 * that type is true (null and false do not sell). The other list of an all_prices brand is shown, never sold.
 */
export function pricingFor(
  tiers: readonly StoredTier[],
  availability: TypeAvailability,
  client: { orderLists: readonly PriceList[]; multiplier: number; showPrices: boolean },
  allPricesBrand: boolean,
): Pricing {
  const orderable = client.orderLists
    .filter((list) => availability[list] === true)
    .map((list) => ({ list, tiers: sellableTiers(tiers, list, client.multiplier) }))
    .filter((l) => l.tiers.length > 0);
  const shownLists: { list: PriceList; orderable: boolean }[] = client.orderLists.map((list) => ({
    list,
    orderable: orderable.some((o) => o.list === list),
  }));
  if (allPricesBrand) {
    for (const list of ["small", "large"] as const) {
      if (!client.orderLists.includes(list)) shownLists.push({ list, orderable: false });
    }
  }
  const shown = shownLists.flatMap(({ list, orderable: sells }) =>
    sellableTiers(tiers, list, client.multiplier).map((t) => ({
      fromQuantity: t.fromQuantity,
      price: client.showPrices ? t.price : null,
      currencyId: t.currencyId,
      currencySign: t.currencySign,
      list,
      orderable: sells,
    })),
  );
  return { orderable, shown };
}

/**
 * The price a quantity is sold at: in each orderable list the tier with the greatest "from" the quantity
 * reaches, and of those the lowest price (ties go to the client's own list, which comes first).
 */
export function priceForQuantity(pricing: Pricing, quantity: number): SellableTier | null {
  let best: SellableTier | null = null;
  for (const { tiers } of pricing.orderable) {
    const reached = tiers.filter((t) => t.fromQuantity <= quantity).at(-1);
    if (reached && (!best || reached.price < best.price)) best = reached;
  }
  return best;
}

/** The smallest quantity any orderable list sells at, or null when nothing is sold. */
export function minimumQuantity(pricing: Pricing): number | null {
  const firsts = pricing.orderable.map((l) => l.tiers[0]?.fromQuantity ?? Number.POSITIVE_INFINITY);
  const min = Math.min(...firsts);
  return Number.isFinite(min) ? Math.max(1, min) : null;
}

/**
 * The largest quantity up to `cap` whose cost (quantity × its tier price) stays within `budget`. Prices
 * fall with quantity, so each tier's range is checked on its own rather than assuming monotony.
 */
export function largestWithin(pricing: Pricing, cap: number, budget: number, currencyId: number): number {
  let best = 0;
  const bounds = new Set<number>();
  for (const { tiers } of pricing.orderable) for (const t of tiers) bounds.add(Math.max(1, t.fromQuantity));
  const starts = [...bounds].sort((a, b) => a - b);
  for (const [i, from] of starts.entries()) {
    const to = Math.min(cap, (starts[i + 1] ?? Number.POSITIVE_INFINITY) - 1);
    if (from > to) continue;
    const tier = priceForQuantity(pricing, from);
    if (!tier || tier.currencyId !== currencyId || tier.price <= 0) continue;
    const fits = Math.min(to, Math.floor((budget + 1e-9) / tier.price));
    if (fits >= from) best = Math.max(best, fits);
  }
  return best;
}
