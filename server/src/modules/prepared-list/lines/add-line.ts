import { confirmedPriceOf, type TPreparedList, type TPreparedListAdd } from "@wholesale/contract";
import { conflict } from "../../../http/errors.ts";
import { refused } from "../../miniapp/index.ts";
import { orderingTexts, validQuantity } from "../../ordering/index.ts";
import type { Answer } from "../answers.ts";
import { putLines, TOO_MANY_LINES } from "../list-lines.ts";
import { type ListDeps, withStanding } from "../standing.ts";
import { readList } from "./read-list.ts";

export function addLine(
  deps: ListDeps,
  clientId: number,
  body: TPreparedListAdd,
): Promise<Answer<TPreparedList>> {
  return withStanding(deps, clientId, async (on, s) => {
    if (!validQuantity(body.quantity))
      return refused({ code: "bad_quantity", message: orderingTexts.badQuantity });
    // What is listed must be sold now; the price the client saw is kept for the send to confirm.
    const quote = await s.view.quote(body.modification, body.quantity, on);
    if (!quote.ok) return refused(quote);
    const put = await putLines(on, clientId, s.market.open, [
      {
        modificationId: body.modification,
        quantity: body.quantity,
        confirmedPrice: confirmedPriceOf(body.price_kopecks),
      },
    ]);
    if (!put) throw conflict(TOO_MANY_LINES);
    return { ok: true, value: await readList(on, clientId, s) };
  });
}
