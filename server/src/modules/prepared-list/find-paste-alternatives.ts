import type { TPasteAlternatives } from "@wholesale/contract";
import type { Answer } from "./answers.ts";
import { pastedAlternatives } from "./paste.ts";
import { type ListDeps, listedNow, standing } from "./standing.ts";

export async function findPasteAlternatives(
  deps: ListDeps,
  clientId: number,
  query: { search: string; quantity: number; page: number },
): Promise<Answer<TPasteAlternatives>> {
  const s = await standing(deps, clientId);
  if (!s.ok) return s.answer;
  return { ok: true, value: await pastedAlternatives(s.view, query, await listedNow(deps, clientId)) };
}
