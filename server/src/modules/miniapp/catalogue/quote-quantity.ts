import type { TMiniAppQuote, TMiniAppQuoteRequest } from "@wholesale/contract";
import { type Answer, refused } from "../answers.ts";
import type { RequestOrdering } from "../request-ordering.ts";
import { quoteOf } from "../views.ts";

/** An add's quote, or a change's (the position's new quantity in all), as the add or change would price it. */
export async function quoteQuantity(
  { ordering }: { ordering: RequestOrdering },
  clientId: number,
  request: TMiniAppQuoteRequest,
): Promise<Answer<TMiniAppQuote>> {
  const service = ordering();
  const preview =
    "position" in request
      ? await service.previewChange(clientId, request.position, request.quantity)
      : await service.previewAdd(clientId, request.modification, request.quantity);
  return preview.ok ? { ok: true, value: quoteOf(preview.quote) } : refused(preview);
}
