import type { TAvailability, TModification, TPriceTier } from "@wholesale/contract";

/**
 * The price-tier editor's rules (spec 2.3, 4 and 9), mirrored from the server for instant feedback: the
 * server recomputes availability on save anyway.
 */

/** The availability cell cycles true -> null -> false -> true. */
export function nextAvailability(value: TAvailability): TAvailability {
  if (value === true) return null;
  if (value === null) return false;
  return true;
}

/**
 * «Статус» as the ordering rules read it: a modification sells when a wholesale type's availability is on
 * (docs/ordering.md, «Visibility»). The general `available` flag is not consulted by them, so a switch showing
 * that flag alone read «off» on a modification that sold.
 */
export const sellsAtAnyType = (
  m: Pick<TModification, "available_small_wholesale" | "available_large_wholesale">,
) => m.available_small_wholesale === true || m.available_large_wholesale === true;

/**
 * What switching «Статус» sends: both types with the general flag. On, the server still keeps a type off
 * where it has no stock or no real price, so the switch reads what the modification can sell.
 */
export const statusChange = (on: boolean) => ({
  available: on,
  available_small_wholesale: on,
  available_large_wholesale: on,
});

/** A row of the editor: a saved tier (with id) or a new one. */
export type TierRow = {
  /** A stable React key, also for rows not saved yet. */
  key: string;
  id?: number;
  quantity_from: number;
  currency: number;
  small_wholesale: number;
  large_wholesale: number;
  available_small_wholesale: boolean;
  available_large_wholesale: boolean;
};

export const FIRST_QUANTITY_FROM = 1;
export const NEW_ROW_STEP = 5;
export const DEFAULT_CURRENCY = 1;
export const DEFAULT_PRICE = 1;

export function rowsFromPrices(prices: TPriceTier[]): TierRow[] {
  return prices.map((p, i) => ({
    key: `tier-${p.id}`,
    id: p.id,
    quantity_from: i === 0 ? FIRST_QUANTITY_FROM : p.quantity_from,
    currency: p.currency,
    small_wholesale: p.small_wholesale,
    large_wholesale: p.large_wholesale,
    available_small_wholesale: p.available_small_wholesale,
    available_large_wholesale: p.available_large_wholesale,
  }));
}

let newRowCounter = 0;

/** A new row: currency 1, prices 1, both available; quantity_from = row count after adding * 5, or 1 first. */
export function addRow(rows: TierRow[]): TierRow[] {
  newRowCounter += 1;
  const row: TierRow = {
    key: `new-${newRowCounter}`,
    quantity_from: rows.length === 0 ? FIRST_QUANTITY_FROM : (rows.length + 1) * NEW_ROW_STEP,
    currency: DEFAULT_CURRENCY,
    small_wholesale: DEFAULT_PRICE,
    large_wholesale: DEFAULT_PRICE,
    available_small_wholesale: true,
    available_large_wholesale: true,
  };
  return [...rows, row];
}

/**
 * What is sent on save: the first row starts at 1, and where a price changed with the old or the new
 * value being 1 ("not sold"), that type's flag follows the new price: true above 1, otherwise false.
 */
export function rowsToSave(rows: TierRow[], original: TPriceTier[]): TierRow[] {
  const before = new Map(original.map((p) => [p.id, p]));
  return rows.map((row, i) => {
    const old = row.id !== undefined ? before.get(row.id) : undefined;
    const oldSmall = old?.small_wholesale ?? DEFAULT_PRICE;
    const oldLarge = old?.large_wholesale ?? DEFAULT_PRICE;
    const next = { ...row, quantity_from: i === 0 ? FIRST_QUANTITY_FROM : row.quantity_from };
    if (row.small_wholesale !== oldSmall && (oldSmall === 1 || row.small_wholesale === 1)) {
      next.available_small_wholesale = row.small_wholesale > 1;
    }
    if (row.large_wholesale !== oldLarge && (oldLarge === 1 || row.large_wholesale === 1)) {
      next.available_large_wholesale = row.large_wholesale > 1;
    }
    return next;
  });
}

const factorText = new Intl.NumberFormat("ru-RU", { minimumFractionDigits: 5, maximumFractionDigits: 5 });
const percentText = new Intl.NumberFormat("ru-RU", { maximumFractionDigits: 2, signDisplay: "exceptZero" });

/**
 * What a bulk price change multiplies prices by: new / old to 5 decimals (spec 5), with a decimal comma, and
 * the same as a change in percent; null unless both rates are positive numbers.
 */
export function priceFactor(newRate: number, oldRate: number): { factor: string; percent: string } | null {
  if (!(newRate > 0 && oldRate > 0 && Number.isFinite(newRate) && Number.isFinite(oldRate))) return null;
  const factor = newRate / oldRate;
  return { factor: factorText.format(factor), percent: `${percentText.format((factor - 1) * 100)}\u00a0%` };
}

/** Spec 5: a new modification's wholesale type is available only if its price is not 1. */
export const availableForPrice = (price: number) => price !== 1;
