import type { Db, Tx } from "../../db/client.ts";
import { outboxMessages } from "../../db/schema/index.ts";

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
 * The single way any producer queues messages to clients: one row per recipient, written in the
 * caller's transaction so a message is queued exactly when the change that caused it commits. The
 * delivery worker sends them.
 */
export async function enqueueOutbox(tx: Db | Tx, rows: OutboxRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) {
    await tx.insert(outboxMessages).values(
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
    );
  }
}
