import type { Db } from "../../db/client.ts";
import type { ClientReads } from "./client-reads.ts";
import { positionResult } from "./position-result.ts";
import { validQuantity } from "./rules/limits.ts";
import { badQuantity } from "./rules/messages.ts";
import { addLines, type ListedLine } from "./statements/add-lines.ts";
import { spendChange, tooFast } from "./statements/order-rate.ts";
import { LineAlreadyApplied, type PositionResult, type Refusal } from "./types.ts";

/** A prepared list's send added to the client's order, line by line (OrderingService.addPositions). */
export async function addPositions(
  { db, reads }: { db: Db; reads: ClientReads },
  clientId: number,
  lines: ListedLine[],
): Promise<{ ok: true; lines: (PositionResult | LineAlreadyApplied)[] } | Refusal> {
  const s = await reads.situation(clientId);
  if ("ok" in s) return s;
  // The send is the client's one change, whatever its length; its lines then go unpaced.
  if (!(await spendChange(db, clientId, s.now))) return tooFast;
  // A quantity no add takes is refused as addPosition refuses it, between runs of the others.
  const results: (PositionResult | LineAlreadyApplied)[] = [];
  for (let from = 0; from < lines.length; ) {
    const line = lines[from] as (typeof lines)[number];
    if (!validQuantity(line.quantity)) {
      results.push(badQuantity);
      from++;
      continue;
    }
    let to = from;
    while (to < lines.length && validQuantity(lines[to]?.quantity ?? 0)) to++;
    for (const done of await addLines(db, s, lines.slice(from, to)))
      results.push(done instanceof LineAlreadyApplied || "ok" in done ? done : positionResult(s, done));
    from = to;
  }
  return { ok: true, lines: results };
}
