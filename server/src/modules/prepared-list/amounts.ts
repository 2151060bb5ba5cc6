import { sumCurrencyTotals } from "@wholesale/contract";

/**
 * A list's or an order's totals as the Mini App shows them: per currency sign, in the order the signs first
 * appear, added exactly (the contract's sumCurrencyTotals, in whole kopecks).
 */
export function amountsPerCurrency(items: readonly { currencySign: string; amount: number }[]) {
  return sumCurrencyTotals([items.map((i) => ({ currency_sign: i.currencySign, total: i.amount }))]).map(
    (t) => ({ currency_sign: t.currency_sign, amount: t.total }),
  );
}
