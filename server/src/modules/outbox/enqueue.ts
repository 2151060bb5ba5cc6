import type { Db, Tx } from "../../db/client.ts";
import { outboxMessages } from "../../db/schema/index.ts";
import { splitText } from "../../lib/telegram-limits.ts";

export type OutboxRow = {
  clientId: number | null;
  chatId: number;
  /** What produced it (broadcast, orders_summary, market_notice…): for logs and cleanup, never for routing. */
  kind: string;
  text: string;
  /** The broadcast this row delivers: its photo is sent and its delivery figures are counted. */
  clientMessageId?: number;
  /** A Bot API reply_markup sent with the message. */
  replyMarkup?: unknown;
  /** Not sent before this moment: a notice that can still be taken back waits out its window. */
  notBefore?: Date;
  /** The order a notice is about: it is taken back by its order and kind. */
  orderId?: number;
};

/** Rows per INSERT: well under PostgreSQL's 65,535 bound parameters at 8 columns a row. */
const CHUNK = 5000;

/**
 * A message over Telegram's limit of a text as the rows that carry it: its parts, split at line boundaries, in
 * order, each a message of its own; the reply_markup goes with the last, under the whole text. A broadcast's
 * text is held to the limit when it is written (a caption's 1,024 with a photo), so its row is never split and
 * its figures count one row a recipient.
 */
function inParts(row: OutboxRow): OutboxRow[] {
  const parts = splitText(row.text);
  if (parts.length <= 1) return [row];
  return parts.map((text, i) => ({
    ...row,
    text,
    replyMarkup: i === parts.length - 1 ? row.replyMarkup : undefined,
  }));
}

/**
 * The single way any producer queues messages to clients: one row per recipient and message, written in the
 * caller's transaction so a message is queued exactly when the change that caused it commits. The delivery
 * worker sends them, a chat's rows in the order of their ids (one INSERT numbers its rows in order). Answers
 * the rows' ids in that order (a long text's parts each with its own).
 */
export async function enqueueOutbox(tx: Db | Tx, messages: OutboxRow[]): Promise<number[]> {
  const rows = messages.flatMap(inParts);
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += CHUNK) {
    const written = await tx
      .insert(outboxMessages)
      .values(
        rows.slice(i, i + CHUNK).map((r) => ({
          clientId: r.clientId,
          chatId: r.chatId,
          kind: r.kind,
          text: r.text,
          clientMessageId: r.clientMessageId ?? null,
          replyMarkup: r.replyMarkup ?? null,
          orderId: r.orderId ?? null,
          ...(r.notBefore && { nextAttemptAt: r.notBefore }),
        })),
      )
      .returning({ id: outboxMessages.id });
    ids.push(...written.map((w) => w.id).sort((a, b) => a - b));
  }
  return ids;
}
