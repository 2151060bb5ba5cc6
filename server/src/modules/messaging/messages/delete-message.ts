import { and, eq } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { clientMessages } from "../../../db/schema/index.ts";
import { conflict, notFound } from "../../../http/errors.ts";

/** Only a message not yet sent can be deleted: a sent one is history (and its figures). */
export async function deleteMessage(db: Db, id: number): Promise<void> {
  const [row] = await db
    .select({ sent: clientMessages.sent })
    .from(clientMessages)
    .where(eq(clientMessages.id, id));
  if (!row) throw notFound("Сообщение не найдено");
  if (row.sent) throw conflict("Сообщение уже отправлено, его нельзя удалить");
  const deleted = await db
    .delete(clientMessages)
    .where(and(eq(clientMessages.id, id), eq(clientMessages.sent, false)))
    .returning({ id: clientMessages.id });
  if (deleted.length === 0) throw conflict("Сообщение уже отправлено, его нельзя удалить");
}
