import type { TPastOrders } from "@wholesale/contract";
import { businessDay } from "../../lib/business-time.ts";
import type { Answer } from "./answers.ts";
import { pastOrders } from "./past-orders.ts";
import { type ListDeps, standing } from "./standing.ts";

export async function listPastOrders(deps: ListDeps, clientId: number): Promise<Answer<TPastOrders>> {
  const s = await standing(deps, clientId);
  if (!s.ok) return s.answer;
  return { ok: true, value: await pastOrders(deps.db, s.view, clientId, businessDay(deps.clock.now())) };
}
