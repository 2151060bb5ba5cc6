import type { TMiniAppCatalogue } from "@wholesale/contract";
import { itemOf, marketOf } from "../../miniapp/index.ts";
import type { Answer } from "../answers.ts";
import { type ListDeps, standing } from "../standing.ts";

export async function getCatalogue(
  deps: ListDeps,
  clientId: number,
  query: { search?: string; brand?: number; page: number },
): Promise<Answer<TMiniAppCatalogue>> {
  const s = await standing(deps, clientId);
  if (!s.ok) return s.answer;
  const page = await s.view.catalogue({ text: query.search, brandId: query.brand }, query.page);
  const waited = await deps.waitedFor(
    clientId,
    page.items.map((i) => i.id),
  );
  return {
    ok: true,
    value: {
      items: page.items.map((i) => itemOf(i, waited)),
      page: page.page,
      pages: page.pages,
      market: marketOf(s.market),
    },
  };
}
