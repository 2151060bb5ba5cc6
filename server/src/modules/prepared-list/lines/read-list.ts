import type { TPreparedList } from "@wholesale/contract";
import type { Db, Tx } from "../../../db/client.ts";
import { marketOf } from "../../miniapp/index.ts";
import { type LineNow, toKopecks } from "../../ordering/index.ts";
import { amountsPerCurrency } from "../amounts.ts";
import { readLines } from "../list-lines.ts";
import type { Standing } from "../standing.ts";

/** The client's list as answered: each line as it would be ordered now, the totals, the market. */
export async function readList(on: Db | Tx, clientId: number, s: Standing): Promise<TPreparedList> {
  const lines = await readLines(on, clientId);
  const now = await s.view.linesNow(lines, on);
  return {
    lines: lines.map((line, i) => lineOf(line, now[i] as LineNow, s.view.showPrices)),
    totals: s.view.showPrices ? totalsOf(now) : null,
    market: marketOf(s.market),
  };
}

function lineOf(
  line: { id: number; modificationId: number; quantity: number; confirmedPrice: number | null },
  now: LineNow,
  showPrices: boolean,
) {
  return {
    id: line.id,
    modification: line.modificationId,
    name: now.name,
    quantity: line.quantity,
    price: now.price,
    price_kopecks: now.price === null ? null : toKopecks(now.price),
    confirmed_price_kopecks:
      showPrices && line.confirmedPrice !== null ? toKopecks(line.confirmedPrice) : null,
    sum: now.sum,
    currency_sign: now.currencySign,
    sold: now.sold,
    stock: now.stock,
  };
}

/** Per currency, added in whole kopecks so the sum does not drift. */
function totalsOf(lines: readonly LineNow[]) {
  return amountsPerCurrency(
    lines.flatMap((l) => (l.sum === null ? [] : [{ currencySign: l.currencySign, amount: l.sum }])),
  );
}
