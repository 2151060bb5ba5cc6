import type { ClaimedRow } from "../../modules/outbox/index.ts";
import { release } from "./outcome.ts";
import type { Send } from "./record-when-answered.ts";

/** Known blockers and a chat's second row in the batch are answered at once; the rest go out. */
export function triageBatch(rows: ClaimedRow[], perChatMs: number): { held: Send[]; toSend: ClaimedRow[] } {
  const held: Send[] = [];
  const toSend: ClaimedRow[] = [];
  const inBatch = new Set<number>();
  for (const row of rows) {
    if (row.unreachable) {
      // Known to have blocked the bot: nothing to send, so it takes no send slot either.
      held.push({
        row,
        outcome: Promise.resolve({ kind: "unreachable", error: "клиент заблокировал бота" }),
      });
    } else if (inBatch.has(row.chatId)) {
      // One row per chat in a batch: a chat's next row waits in the table for its turn.
      held.push({ row, outcome: Promise.resolve(release("не чаще раза в секунду на чат", perChatMs)) });
    } else {
      inBatch.add(row.chatId);
      toSend.push(row);
    }
  }
  return { held, toSend };
}
