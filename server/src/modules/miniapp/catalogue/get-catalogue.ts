import type { TMiniAppCatalogue } from "@wholesale/contract";
import { type Answer, refused } from "../answers.ts";
import { type RequestOrdering, standing } from "../request-ordering.ts";
import { itemOf, marketOf } from "../views.ts";
import type { WaitedFor } from "../waited-for.ts";

export async function getCatalogue(
  { ordering, waitedFor }: { ordering: RequestOrdering; waitedFor: WaitedFor },
  clientId: number,
  query: { search?: string; brand?: number; page: number },
): Promise<Answer<TMiniAppCatalogue>> {
  const { service, found } = await standing(ordering, clientId);
  if (!found.ok) return refused({ code: "client_not_allowed", message: found.message });
  const page = await service.catalogue(clientId, { text: query.search, brandId: query.brand }, query.page);
  const waited = await waitedFor(
    clientId,
    page.items.map((i) => i.id),
  );
  return {
    ok: true,
    value: {
      items: page.items.map((i) => itemOf(i, waited)),
      page: page.page,
      pages: page.pages,
      market: marketOf(found.market),
    },
  };
}
