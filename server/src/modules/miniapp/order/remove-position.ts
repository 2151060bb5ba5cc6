import type { TMiniAppOrder } from "@wholesale/contract";
import { type Answer, refused } from "../answers.ts";
import type { RequestOrdering, Write } from "../request-ordering.ts";
import { orderOf } from "../views.ts";

export function removePosition(
  { ordering, write }: { ordering: RequestOrdering; write: Write },
  clientId: number,
  positionId: number,
): Promise<Answer<TMiniAppOrder>> {
  return write(async (on) => {
    const done = await ordering(on).removePosition(clientId, positionId);
    return done.ok ? { ok: true, value: orderOf(done.order) } : refused(done);
  });
}
