import type { TMiniAppQuote } from "@wholesale/contract";
import { quoteOf, refused } from "../../miniapp/index.ts";
import { orderingTexts, validQuantity } from "../../ordering/index.ts";
import type { Answer } from "../answers.ts";
import { type ListDeps, standing } from "../standing.ts";

export async function quoteLine(
  deps: ListDeps,
  clientId: number,
  body: { modification: number; quantity: number },
): Promise<Answer<TMiniAppQuote>> {
  const s = await standing(deps, clientId);
  if (!s.ok) return s.answer;
  if (!validQuantity(body.quantity))
    return refused({ code: "bad_quantity", message: orderingTexts.badQuantity });
  const quote = await s.view.quote(body.modification, body.quantity);
  return quote.ok ? { ok: true, value: quoteOf(quote.quote) } : refused(quote);
}
