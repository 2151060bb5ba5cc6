import type { TMiniAppOrder } from "@wholesale/contract";
import { type Answer, refused } from "../answers.ts";
import { type RequestOrdering, standing } from "../request-ordering.ts";
import { orderOf } from "../views.ts";

export async function getOrder(
  { ordering }: { ordering: RequestOrdering },
  clientId: number,
): Promise<Answer<TMiniAppOrder>> {
  const { service, found } = await standing(ordering, clientId);
  if (!found.ok) return refused({ code: "client_not_allowed", message: found.message });
  return { ok: true, value: orderOf(await service.todayOrder(clientId)) };
}
