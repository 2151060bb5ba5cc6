import { confirmedPriceOf, type TMiniAppChange, type TMiniAppPositionResult } from "@wholesale/contract";
import { type Answer, refused } from "../answers.ts";
import type { RequestOrdering, Write } from "../request-ordering.ts";
import { orderOf, positionOf } from "../views.ts";

export function changePosition(
  { ordering, write }: { ordering: RequestOrdering; write: Write },
  clientId: number,
  positionId: number,
  body: TMiniAppChange,
): Promise<Answer<TMiniAppPositionResult>> {
  return write(async (on) => {
    const done = await ordering(on).changePosition(
      clientId,
      positionId,
      body.quantity,
      confirmedPriceOf(body.price_kopecks),
    );
    if (!done.ok) return refused(done);
    return { ok: true, value: { position: positionOf(done.position), order: orderOf(done.order) } };
  });
}
