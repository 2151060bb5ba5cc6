import type { TMiniAppBrand } from "@wholesale/contract";
import { type Answer, refused } from "../answers.ts";
import { type RequestOrdering, standing } from "../request-ordering.ts";

export async function listBrands(
  { ordering }: { ordering: RequestOrdering },
  clientId: number,
): Promise<Answer<{ results: TMiniAppBrand[] }>> {
  const { service, found } = await standing(ordering, clientId);
  if (!found.ok) return refused({ code: "client_not_allowed", message: found.message });
  return { ok: true, value: { results: await service.allBrands(clientId) } };
}
