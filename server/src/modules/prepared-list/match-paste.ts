import { PREPARED_LIST_MAX_LINES, type TPasteMatch } from "@wholesale/contract";
import type { Answer } from "./answers.ts";
import { matchPasted } from "./paste.ts";
import { type ListDeps, listedNow, standing } from "./standing.ts";

/** A pasted text's lines matched to the catalogue, with how full the list is. */
export async function matchPaste(
  deps: ListDeps,
  clientId: number,
  text: string,
): Promise<Answer<TPasteMatch>> {
  const s = await standing(deps, clientId);
  if (!s.ok) return s.answer;
  const inList = await listedNow(deps, clientId);
  const matched = await matchPasted(s.view, text, inList);
  return {
    ok: true,
    value: { ...matched, list_lines: inList.size, list_max_lines: PREPARED_LIST_MAX_LINES },
  };
}
