import { type Answer, refused } from "../answers.ts";
import { type RequestOrdering, standing } from "../request-ordering.ts";
import { marketOf } from "../views.ts";

export async function getMarket(
  { ordering }: { ordering: RequestOrdering },
  clientId: number,
): Promise<Answer<ReturnType<typeof marketOf>>> {
  const { found } = await standing(ordering, clientId);
  if (!found.ok) return refused({ code: "client_not_allowed", message: found.message });
  return { ok: true, value: marketOf(found.market) };
}
