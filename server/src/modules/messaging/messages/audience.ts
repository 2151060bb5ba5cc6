import { and, eq, isNotNull, isNull, type SQL } from "drizzle-orm";
import { type clientMessages, clients } from "../../../db/schema/index.ts";

type MessageRow = typeof clientMessages.$inferSelect;

/**
 * Who a message goes to, decided when it is sent: active clients, not banned, reached through the bot
 * (a Telegram chat, not offline, not known to have blocked the bot), of the chosen type, group or direction.
 */
export function audience(
  m: Pick<MessageRow, "groupId" | "transportationId" | "clientType">,
): SQL | undefined {
  return and(
    eq(clients.isActive, true),
    eq(clients.banned, false),
    eq(clients.permanentBanned, false),
    eq(clients.offline, false),
    isNotNull(clients.telegramId),
    isNull(clients.telegramUnreachableAt),
    m.groupId !== null ? eq(clients.groupId, m.groupId) : undefined,
    m.transportationId !== null ? eq(clients.transportationId, m.transportationId) : undefined,
    m.clientType !== null ? eq(clients.clientType, m.clientType) : undefined,
  );
}
