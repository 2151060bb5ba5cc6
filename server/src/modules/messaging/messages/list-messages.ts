import type { TClientMessage } from "@wholesale/contract";
import { and, asc, desc, eq, isNotNull } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { clientMessages } from "../../../db/schema/index.ts";
import { type ListRow, listColumns, toMessage } from "./message-view.ts";

/**
 * Messages that have a send_time, ascending. Without `sent` (or with `sent=false`): every unsent
 * scheduled message, the screen's list, never cut short (each leaves it at its time, so it holds only
 * what staff scheduled and is still waiting). `sent=true`: the latest `limit` sent ones.
 */
export async function listMessages(
  db: Db,
  query: { sent?: "true" | "false"; limit: number },
): Promise<TClientMessage[]> {
  const rows = query.sent === "true" ? await latestSent(db, query.limit) : await waiting(db);
  return rows.map(toMessage);
}

async function waiting(db: Db): Promise<ListRow[]> {
  return db
    .select(listColumns)
    .from(clientMessages)
    .where(and(eq(clientMessages.sent, false), isNotNull(clientMessages.sendTime)))
    .orderBy(asc(clientMessages.sendTime), asc(clientMessages.id));
}

async function latestSent(db: Db, limit: number): Promise<ListRow[]> {
  const rows = await db
    .select(listColumns)
    .from(clientMessages)
    .where(and(eq(clientMessages.sent, true), isNotNull(clientMessages.sendTime)))
    .orderBy(desc(clientMessages.sendTime), desc(clientMessages.id))
    .limit(limit);
  return rows.reverse();
}
