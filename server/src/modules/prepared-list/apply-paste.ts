import type { TPasteApplied, TPasteApply } from "@wholesale/contract";
import type { Answer } from "./answers.ts";
import { readList } from "./lines/read-list.ts";
import { addPasted } from "./paste-apply.ts";
import { type ListDeps, withStanding } from "./standing.ts";

/** A paste's chosen lines into the list, each adding to the line there (addPasted). */
export function applyPaste(
  deps: ListDeps,
  clientId: number,
  body: TPasteApply,
): Promise<Answer<TPasteApplied>> {
  return withStanding(deps, clientId, async (on, s) => {
    const results = await addPasted(on, clientId, s, body.lines);
    return { ok: true, value: { results, list: await readList(on, clientId, s) } };
  });
}
