import { confirmedPriceOf, type TMiniAppAdd, type TMiniAppAdded } from "@wholesale/contract";
import type { Answer } from "../answers.ts";
import type { RequestOrdering, Write } from "../request-ordering.ts";
import { added } from "./add-position.ts";

/** «Взять сколько есть»: answered as an add, with the units taken. */
export function addAvailable(
  { ordering, write }: { ordering: RequestOrdering; write: Write },
  clientId: number,
  body: TMiniAppAdd,
): Promise<Answer<TMiniAppAdded>> {
  return write(async (on) =>
    added(
      await ordering(on).addAvailable(
        clientId,
        body.modification,
        body.quantity,
        confirmedPriceOf(body.price_kopecks),
      ),
    ),
  );
}
