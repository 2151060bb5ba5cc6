import { confirmedPriceOf, type TPreparedList, type TPreparedListChange } from "@wholesale/contract";
import { and, eq } from "drizzle-orm";
import { preparedListLines } from "../../../db/schema/index.ts";
import { refused } from "../../miniapp/index.ts";
import { orderingTexts, validQuantity } from "../../ordering/index.ts";
import type { Answer } from "../answers.ts";
import { LINE_NOT_FOUND } from "../list-lines.ts";
import { type ListDeps, withStanding } from "../standing.ts";
import { readList } from "./read-list.ts";

export function changeLine(
  deps: ListDeps,
  clientId: number,
  lineId: number,
  body: TPreparedListChange,
): Promise<Answer<TPreparedList>> {
  return withStanding(deps, clientId, async (on, s) => {
    if (!validQuantity(body.quantity))
      return refused({ code: "bad_quantity", message: orderingTexts.badQuantity });
    const changed = await on
      .update(preparedListLines)
      .set({ quantity: body.quantity, confirmedPrice: confirmedPriceOf(body.price_kopecks) })
      .where(and(eq(preparedListLines.id, lineId), eq(preparedListLines.clientId, clientId)))
      .returning({ id: preparedListLines.id });
    if (changed.length === 0) return refused({ code: "not_found", message: LINE_NOT_FOUND });
    return { ok: true, value: await readList(on, clientId, s) };
  });
}
