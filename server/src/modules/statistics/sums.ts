import { roundMoney } from "@wholesale/contract";
import type { Db } from "../../db/client.ts";
import { currencies } from "../../db/schema/index.ts";

/** Sums arrive from `numeric` as strings; two decimals survive the trip to a JS number. */
export const money = (value: string | number) => roundMoney(Number(value));

export type CurrencySigns = Map<number, string>;

export async function currencySigns(db: Db): Promise<CurrencySigns> {
  const rows = await db.select({ id: currencies.id, sign: currencies.sign }).from(currencies);
  return new Map(rows.map((r) => [r.id, r.sign]));
}

// An unknown currency shows as «?» (spec part 1 §3); a deleted one cannot be, currencies are restricted.
export const signOf = (signs: CurrencySigns, id: number) => signs.get(id) ?? "?";
