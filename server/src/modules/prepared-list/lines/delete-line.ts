import type { TPreparedList } from "@wholesale/contract";
import { and, eq } from "drizzle-orm";
import { preparedListLines } from "../../../db/schema/index.ts";
import { refused } from "../../miniapp/index.ts";
import type { Answer } from "../answers.ts";
import { LINE_NOT_FOUND } from "../list-lines.ts";
import { type ListDeps, withStanding } from "../standing.ts";
import { readList } from "./read-list.ts";

export function deleteLine(deps: ListDeps, clientId: number, lineId: number): Promise<Answer<TPreparedList>> {
  return withStanding(deps, clientId, async (on, s) => {
    const gone = await on
      .delete(preparedListLines)
      .where(and(eq(preparedListLines.id, lineId), eq(preparedListLines.clientId, clientId)))
      .returning({ id: preparedListLines.id });
    if (gone.length === 0) return refused({ code: "not_found", message: LINE_NOT_FOUND });
    return { ok: true, value: await readList(on, clientId, s) };
  });
}
