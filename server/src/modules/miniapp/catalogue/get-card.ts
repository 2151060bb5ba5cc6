import type { TMiniAppCard } from "@wholesale/contract";
import { orderingTexts } from "../../ordering/index.ts";
import { type Answer, refused } from "../answers.ts";
import { type RequestOrdering, standing } from "../request-ordering.ts";
import { cardOf } from "../views.ts";
import type { WaitedFor } from "../waited-for.ts";

export async function getCard(
  { ordering, waitedFor }: { ordering: RequestOrdering; waitedFor: WaitedFor },
  clientId: number,
  modificationId: number,
): Promise<Answer<TMiniAppCard>> {
  const { service, found } = await standing(ordering, clientId);
  if (!found.ok) return refused({ code: "client_not_allowed", message: found.message });
  if (!found.market.open) return refused({ code: "market_closed", message: orderingTexts.marketClosed });
  const card = await service.getModification(clientId, modificationId);
  if (!card) return refused({ code: "not_found", message: orderingTexts.notFound });
  const waited = await waitedFor(clientId, [card.id]);
  return { ok: true, value: cardOf(card, waited.has(card.id)) };
}
