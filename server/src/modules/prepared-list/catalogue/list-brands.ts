import type { TMiniAppBrandList } from "@wholesale/contract";
import type { Answer } from "../answers.ts";
import { type ListDeps, standing } from "../standing.ts";

/** The brands of the list's catalogue: the order's chips, shown while the market is closed too. */
export async function listBrands(deps: ListDeps, clientId: number): Promise<Answer<TMiniAppBrandList>> {
  const s = await standing(deps, clientId);
  if (!s.ok) return s.answer;
  return { ok: true, value: { results: await s.view.brands() } };
}
