import type { TMiniAppCard } from "@wholesale/contract";
import { businessDay } from "../../../lib/business-time.ts";
import { cardOf, refused } from "../../miniapp/index.ts";
import { orderingTexts } from "../../ordering/index.ts";
import type { Answer } from "../answers.ts";
import { type ListDeps, standing } from "../standing.ts";

export async function getCard(
  deps: ListDeps,
  clientId: number,
  modificationId: number,
): Promise<Answer<TMiniAppCard>> {
  const s = await standing(deps, clientId);
  if (!s.ok) return s.answer;
  const card = await s.view.card(modificationId, businessDay(deps.clock.now()));
  if (!card) return refused({ code: "not_found", message: orderingTexts.notFound });
  const waited = await deps.waitedFor(clientId, [card.id]);
  return { ok: true, value: cardOf(card, waited.has(card.id)) };
}
