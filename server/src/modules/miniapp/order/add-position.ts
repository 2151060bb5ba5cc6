import { confirmedPriceOf, type TMiniAppAdd, type TMiniAppAdded } from "@wholesale/contract";
import type { PositionResult } from "../../ordering/index.ts";
import { type Answer, refused } from "../answers.ts";
import type { RequestOrdering, Write } from "../request-ordering.ts";
import { positionOf, totalsOf } from "../views.ts";

/**
 * An add answers the position and the order's totals (the page reads «Мой заказ» when it opens); «Взять сколько
 * есть» (`addAvailable`) is answered alike, its position naming the units taken.
 */
export function addPosition(
  { ordering, write }: { ordering: RequestOrdering; write: Write },
  clientId: number,
  body: TMiniAppAdd,
  way: "addPosition" | "addAvailable" = "addPosition",
): Promise<Answer<TMiniAppAdded>> {
  return write(async (on) =>
    added(
      await ordering(on)[way](
        clientId,
        body.modification,
        body.quantity,
        confirmedPriceOf(body.price_kopecks),
      ),
    ),
  );
}

/** An add's answer: the position and the order's totals, or the refusal. */
const added = (done: PositionResult): Answer<TMiniAppAdded> =>
  done.ok
    ? { ok: true, value: { position: positionOf(done.position), totals: totalsOf(done.order) } }
    : refused(done);
