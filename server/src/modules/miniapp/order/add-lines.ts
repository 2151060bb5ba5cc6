import { confirmedPriceOf, type TMiniAppAdd, type TMiniAppPosition } from "@wholesale/contract";
import { LineAlreadyApplied } from "../../ordering/index.ts";
import { type Answer, refused } from "../answers.ts";
import type { RequestOrdering, Write } from "../request-ordering.ts";
import { positionOf } from "../views.ts";

/**
 * A prepared list's lines (a send's, from its place `from` on, each with the list's line it came from), each
 * answered as `add` answers it, or as applied by an earlier statement (the line's record found: nothing
 * written); or the whole call refused (beyond the client's pace, or the client may not order now).
 */
export function addLines(
  { ordering, write }: { ordering: RequestOrdering; write: Write },
  clientId: number,
  sendId: number,
  from: number,
  lines: (TMiniAppAdd & { line: number | null })[],
): Promise<Answer<(Answer<TMiniAppPosition> | LineAlreadyApplied)[]>> {
  return write(async (on) => {
    const outcomes = await ordering(on).addPositions(
      clientId,
      lines.map((line, i) => ({
        modificationId: line.modification,
        quantity: line.quantity,
        confirmedPrice: confirmedPriceOf(line.price_kopecks),
        applies: { sendId, place: from + i, line: line.line },
      })),
    );
    if (!outcomes.ok) return refused(outcomes);
    return {
      ok: true,
      value: outcomes.lines.map((done) => {
        if (done instanceof LineAlreadyApplied) return done;
        return done.ok ? { ok: true as const, value: positionOf(done.position) } : refused(done);
      }),
    };
  });
}
