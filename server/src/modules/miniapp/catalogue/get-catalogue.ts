import type { TMiniAppCatalogue } from "@wholesale/contract";
import { type Answer, refused } from "../answers.ts";
import { type RequestOrdering, standing } from "../request-ordering.ts";
import { itemOf, marketOf } from "../views.ts";

export async function getCatalogue(
  { ordering }: { ordering: RequestOrdering },
  clientId: number,
  query: { search?: string; brand?: number; page: number },
): Promise<Answer<TMiniAppCatalogue>> {
  const { service, found } = await standing(ordering, clientId);
  if (!found.ok) return refused({ code: "client_not_allowed", message: found.message });
  const page = await service.catalogue(clientId, { text: query.search, brandId: query.brand }, query.page);
  return {
    ok: true,
    value: {
      items: page.items.map(itemOf),
      page: page.page,
      pages: page.pages,
      market: marketOf(found.market),
    },
  };
}
