import type { Check, DayPosition, LimitCode } from "../types.ts";
import type { ModificationData } from "./kept-rows.ts";
import { largestWithin, minimumQuantity, priceForQuantity, type SellableTier } from "./price-list.ts";

/** The largest quantity one position may have: far above any stock, small enough for integer columns. */
export const MAX_QUANTITY = 100_000;

/** A quantity any add or change may ask: a whole number from 1 to MAX_QUANTITY. */
export const validQuantity = (q: number) => Number.isInteger(q) && q >= 1 && q <= MAX_QUANTITY;

const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

/**
 * Checks a position of `modification` reaching `total` units (a new one, or `current` changed), against the
 * client's other positions today. Returns the first rule broken and the largest total every rule allows.
 * Stock here is a pre-check for the message: the conditional UPDATE remains the authority.
 */
export function checkPosition(
  modification: ModificationData,
  day: readonly DayPosition[],
  current: DayPosition | null,
  total: number,
  totalLimit: number | null,
): Check {
  const others = day.filter((p) => p.id !== current?.id);
  const sameModification = sum(
    others.filter((p) => p.modificationId === modification.id).map((p) => p.quantity),
  );
  const held = current?.quantity ?? 0;

  const caps: { code: LimitCode; cap: number; limit: number }[] = [
    {
      code: "out_of_stock",
      cap: Math.max(0, modification.quantity) + held,
      limit: modification.quantity + held,
    },
  ];
  if (modification.oneHandQuantity > 0) {
    caps.push({
      code: "hand_limit",
      cap: modification.oneHandQuantity - sameModification,
      limit: modification.oneHandQuantity,
    });
  }
  const ex = modification.exclusive;
  if (ex) {
    caps.push({ code: "exclusive_limit", cap: ex.pool + held, limit: ex.pool + held });
    if (ex.ratio > 0) {
      const otherBrandUnits = sum(
        others.filter((p) => p.brandId === modification.brandId && !p.exclusive).map((p) => p.quantity),
      );
      caps.push({
        code: "exclusive_limit",
        cap: Math.floor(otherBrandUnits * ex.ratio + 1e-9) - sameModification,
        limit: Math.floor(otherBrandUnits * ex.ratio + 1e-9),
      });
    }
  }
  const unitCap = Math.max(0, Math.min(...caps.map((c) => c.cap)));
  const minimum = minimumQuantity(modification.pricing) ?? Number.POSITIVE_INFINITY;

  let budget: { limit: number; left: number; currencyId: number } | null = null;
  const tier = priceForQuantity(modification.pricing, total);
  if (totalLimit !== null && tier) {
    const spent = sum(
      others.filter((p) => p.currencyId === tier.currencyId).map((p) => p.price * p.quantity),
    );
    budget = { limit: totalLimit, left: totalLimit - spent, currencyId: tier.currencyId };
  }
  const priced = budget
    ? largestWithin(modification.pricing, unitCap, budget.left, budget.currencyId)
    : unitCap;
  const maxTotal = priced >= minimum ? priced : 0;
  const budgetCap = budget
    ? largestWithin(modification.pricing, Number.MAX_SAFE_INTEGER, budget.left, budget.currencyId)
    : Number.POSITIVE_INFINITY;
  const [stock, ...limits] = caps;
  const stockBound = stock !== undefined && limits.every((c) => c.cap > stock.cap) && budgetCap > stock.cap;

  // Of the rules broken, the tightest one explains the refusal.
  const broken = caps.filter((c) => total > c.cap);
  if (budget && tier && tier.price * total > budget.left + 1e-9)
    broken.push({ code: "total_limit", cap: budgetCap, limit: budget.limit });
  const tightest = broken.sort((a, b) => a.cap - b.cap)[0];
  if (tightest) return { ok: false, code: tightest.code, limit: tightest.limit, maxTotal, stockBound };
  return { ok: true };
}

/** Whether a position may hold `total` units now, and at which tier; or which rule forbids it. */
export type Judgement =
  | { ok: true; tier: SellableTier }
  | { ok: false; code: "not_sold" }
  | { ok: false; code: "below_minimum"; minimum: number }
  | { ok: false; code: "limit"; check: Extract<Check, { ok: false }> };

/**
 * Every rule of a position at once: the modification sold to the client, `total` reaching a sold tier, and
 * the limits of checkPosition. Adding and changing refuse by it; the card offers only amounts it accepts.
 */
export function judgePosition(
  modification: ModificationData,
  day: readonly DayPosition[],
  current: DayPosition | null,
  total: number,
  totalLimit: number | null,
): Judgement {
  if (modification.pricing.orderable.length === 0) return { ok: false, code: "not_sold" };
  const tier = priceForQuantity(modification.pricing, total);
  if (!tier) return { ok: false, code: "below_minimum", minimum: minimumQuantity(modification.pricing) ?? 1 };
  const check = checkPosition(modification, day, current, total, totalLimit);
  return check.ok ? { ok: true, tier } : { ok: false, code: "limit", check };
}
