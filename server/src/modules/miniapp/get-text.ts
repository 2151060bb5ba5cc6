import type { Db } from "../../db/client.ts";
import { latestBotText } from "../bot-texts/index.ts";
import { type Answer, refused } from "./answers.ts";
import { type RequestOrdering, standing } from "./request-ordering.ts";

export async function getText(
  { db, ordering }: { db: Db; ordering: RequestOrdering },
  clientId: number,
  kind: "conditions" | "warranty",
): Promise<Answer<{ text: string }>> {
  const { found } = await standing(ordering, clientId);
  if (!found.ok) return refused({ code: "client_not_allowed", message: found.message });
  return { ok: true, value: { text: await latestBotText(db, kind) } };
}
