import { asc, eq } from "drizzle-orm";
import type { Tx } from "../../../db/client.ts";
import { clientMessages, clients } from "../../../db/schema/index.ts";
import { enqueueOutbox } from "../../outbox/index.ts";
import { audience } from "./audience.ts";

export const BROADCAST_KIND = "broadcast";

/** Queues one outbox row per recipient and marks the message sent, in the caller's transaction. */
export async function queueMessage(tx: Tx, m: typeof clientMessages.$inferSelect, now: Date): Promise<void> {
  const recipients = await tx
    .select({ id: clients.id, chatId: clients.telegramId })
    .from(clients)
    .where(audience(m))
    .orderBy(asc(clients.id));
  await enqueueOutbox(
    tx,
    recipients.map((c) => ({
      clientId: c.id,
      chatId: c.chatId ?? 0,
      kind: BROADCAST_KIND,
      text: m.text,
      clientMessageId: m.id,
    })),
  );
  await tx
    .update(clientMessages)
    .set({ sent: true, sentAt: now, recipients: recipients.length })
    .where(eq(clientMessages.id, m.id));
}
