import { confirmedPriceOf, type TRepeatedOrder } from "@wholesale/contract";
import { conflict } from "../../http/errors.ts";
import { businessDay } from "../../lib/business-time.ts";
import { refused } from "../miniapp/index.ts";
import type { Answer } from "./answers.ts";
import { readList } from "./lines/read-list.ts";
import { putLines, TOO_MANY_LINES } from "./list-lines.ts";
import { repeatedLines } from "./past-orders.ts";
import { sendLines, sentAlready } from "./send-list.ts";
import { type ListDeps, withStanding } from "./standing.ts";

/**
 * «Повторить заказ»: the order's positions into the list (as adds to it, each confirmed at the price the
 * order had); while the market is open for the client, those lines are sent at once, under `key`, as a
 * list's lines are: each added once whatever sends it, and the refused ones stay in the list to change.
 */
export function repeatOrder(
  deps: ListDeps,
  clientId: number,
  orderId: number,
  key: string,
): Promise<Answer<TRepeatedOrder>> {
  const { clock, ordering } = deps;
  return withStanding<TRepeatedOrder>(deps, clientId, async (on, s) => {
    const lines = await repeatedLines(on, s.view, clientId, orderId, businessDay(clock.now()));
    if (!lines) return refused({ code: "not_found", message: "Заказ не найден." });
    // A key answered already is answered as it was: its lines left the list, and listing them again
    // would put them back.
    if (!s.market.open || !(await sentAlready(on, clientId, key))) {
      const put = await putLines(
        on,
        clientId,
        s.market.open,
        lines.map((l) => ({
          modificationId: l.modificationId,
          quantity: l.quantity,
          confirmedPrice: confirmedPriceOf(l.priceKopecks),
        })),
      );
      if (!put) throw conflict(TOO_MANY_LINES);
    }
    if (!s.market.open)
      return { ok: true, value: { status: "listed", list: await readList(on, clientId, s) } };
    const sent = await sendLines({
      on,
      clock,
      ordering,
      clientId,
      key,
      market: s.market,
      view: s.view,
      source: { modifications: lines.map((l) => l.modificationId) },
    });
    return sent.ok ? { ok: true, value: { status: "sent", sent: sent.value } } : sent;
  });
}
