import type { Db, Tx } from "../../../db/client.ts";
import type { UpdateReceipt } from "../../../db/handled-updates.ts";
import { judgePosition } from "../rules/limits.ts";
import { priceForQuantity } from "../rules/price-list.ts";
import { addWeighing, priceChanged, type Situation, withCard } from "../rules/weighing.ts";
import type { Refusal } from "../types.ts";
import { addPosition } from "./add-position.ts";
import { loadModificationAndDay } from "./modification-data.ts";
import { spendChange, tooFast } from "./order-rate.ts";
import type { Changed } from "./positions.ts";

/** Readings tried when other orders keep taking the units between the reading and the write. */
const TRIES = 3;

/**
 * «Взять сколько есть»: adds `asked` units, or, when the stock holds fewer (and no limit of the client's own is
 * tighter), as many as it holds, so the client takes what is left without being told the figure before it is
 * in their order. The price the client confirmed is the one of the quantity they asked for: it must still be
 * what that quantity costs (the card's tiers, as the client saw them, have not changed); the units taken are
 * then charged at the tier they reach, which the card showed too. Every other rule is the add's (addPosition),
 * which judges the units taken as a tap of that quantity; units taken by other orders between the reading and
 * the write are read again.
 */
export async function addAvailable(
  db: Db | Tx,
  s: Situation,
  modificationId: number,
  asked: number,
  confirmedPrice: number | null,
  receipt: UpdateReceipt | undefined,
): Promise<Changed | Refusal> {
  let done: Changed | Refusal = { ok: false, code: "not_found", message: "" };
  for (let tries = 0; tries < TRIES; tries++) {
    const { modification, order } = await loadModificationAndDay(db, s.client, modificationId, s.day);
    if (!modification) return addPosition(db, s, modificationId, asked, confirmedPrice, receipt);
    const w = addWeighing(s, modification, order, asked);
    const held = w.current?.quantity ?? 0;
    const judged = judgePosition(modification, order.positions, w.current, w.total, s.client.totalLimit);
    const left =
      !judged.ok && judged.code === "limit" && judged.check.stockBound ? judged.check.maxTotal - held : 0;
    let quantity = asked;
    let price = confirmedPrice;
    if (left > 0 && left < asked) {
      const tierAsked = priceForQuantity(modification.pricing, w.total);
      const changed = tierAsked && priceChanged(w, tierAsked, confirmedPrice);
      if (changed)
        return (await spendChange(db, s.client.id, s.now, receipt)) ? withCard(w, changed) : tooFast;
      quantity = left;
      price = s.client.showPrices
        ? (priceForQuantity(modification.pricing, held + left)?.price ?? null)
        : null;
    }
    done = await addPosition(db, s, modificationId, quantity, price, receipt);
    if (!("ok" in done) || !done.takeAvailable) return done;
  }
  return done;
}
