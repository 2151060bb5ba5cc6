import type { TClientMessage } from "@wholesale/contract";
import { eq } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { clientMessages } from "../../../db/schema/index.ts";
import { notFound } from "../../../http/errors.ts";
import { listColumns, toMessage } from "./message-view.ts";

export async function getMessage(db: Db, id: number): Promise<TClientMessage> {
  const [row] = await db.select(listColumns).from(clientMessages).where(eq(clientMessages.id, id));
  if (!row) throw notFound("Сообщение не найдено");
  return toMessage(row);
}
