import {
  PHOTO_CAPTION_MAX,
  PHOTO_MAX_BYTES,
  type TClientMessage,
  type TClientMessageSchedule,
  type TClientMessageSendFields,
  TIME_OF_DAY_PATTERN,
} from "@wholesale/contract";
import { and, asc, count, desc, eq, isNotNull, isNull, lte, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { clientGroups, clientMessages, clients, transportations } from "../../db/schema/index.ts";
import { badRequest, conflict, notFound } from "../../http/errors.ts";
import { addDays, businessDay } from "../../lib/business-time.ts";
import type { Clock } from "../../lib/clock.ts";
import { enqueueOutbox } from "../outbox/index.ts";
import { photoProblem } from "./photo-header.ts";
import { dropPhoto, storePhoto } from "./photo-store.ts";

export const BROADCAST_KIND = "broadcast";

export type Photo = { data: Buffer; name: string };

/**
 * The moment a scheduled message's `send_time` means. A time of day (`HH:mm`, as the dialog's time
 * field gives) is its next occurrence in Moscow: today if still ahead, otherwise tomorrow. A full ISO
 * moment is taken as is and must not be in the past.
 */
export function resolveSendTime(value: string, now: Date): Date {
  if (TIME_OF_DAY_PATTERN.test(value)) {
    const time = value.length === 5 ? `${value}:00` : value;
    const today = new Date(`${businessDay(now)}T${time}+03:00`);
    return today.getTime() > now.getTime()
      ? today
      : new Date(`${addDays(businessDay(now), 1)}T${time}+03:00`);
  }
  const at = new Date(value);
  if (at.getTime() < now.getTime() - 60_000) {
    throw badRequest("Время отправки уже прошло", { send_time: ["Время отправки уже прошло"] });
  }
  return at;
}

type MessageRow = typeof clientMessages.$inferSelect;

/** Everything but the photo's bytes. */
const listColumns = {
  id: clientMessages.id,
  text: clientMessages.text,
  sendTime: clientMessages.sendTime,
  clientType: clientMessages.clientType,
  groupId: clientMessages.groupId,
  transportationId: clientMessages.transportationId,
  sent: clientMessages.sent,
  hasPhoto: sql<boolean>`${clientMessages.photoId} is not null`,
  recipients: clientMessages.recipients,
  delivered: clientMessages.delivered,
  failed: clientMessages.failed,
  unreachable: clientMessages.unreachable,
};

type ListRow = {
  id: number;
  text: string;
  sendTime: Date | null;
  clientType: number | null;
  groupId: number | null;
  transportationId: number | null;
  sent: boolean;
  hasPhoto: boolean;
  recipients: number;
  delivered: number;
  failed: number;
  unreachable: number;
};

function toMessage(r: ListRow): TClientMessage {
  return {
    id: r.id,
    text: r.text,
    send_time: r.sendTime?.toISOString() ?? null,
    client_type: r.clientType,
    group: r.groupId,
    transportation: r.transportationId,
    sent: r.sent,
    has_photo: r.hasPhoto,
    recipients: r.recipients,
    delivered: r.delivered,
    failed: r.failed,
    unreachable: r.unreachable,
    pending: Math.max(0, r.recipients - r.delivered - r.failed - r.unreachable),
  };
}

/**
 * Who a message goes to, decided when it is sent: active clients, not banned, reached through the bot
 * (a Telegram chat, not offline, not known to have blocked the bot), of the chosen type, group or direction.
 */
function audience(m: Pick<MessageRow, "groupId" | "transportationId" | "clientType">): SQL | undefined {
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

/** Queues one outbox row per recipient and marks the message sent, in the caller's transaction. */
async function queue(tx: Tx, m: MessageRow, now: Date): Promise<void> {
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

export type MessageService = ReturnType<typeof createMessageService>;

export function createMessageService({ db, clock }: { db: Db; clock: Clock }) {
  async function checkTarget(fields: TClientMessageSendFields): Promise<void> {
    if (fields.group !== undefined) {
      const [g] = await db
        .select({ id: clientGroups.id })
        .from(clientGroups)
        .where(eq(clientGroups.id, fields.group));
      if (!g) throw badRequest("Группа не найдена", { group: ["Группа не найдена"] });
    }
    if (fields.transportation !== undefined) {
      const [t] = await db
        .select({ id: transportations.id })
        .from(transportations)
        .where(eq(transportations.id, fields.transportation));
      if (!t) throw badRequest("Направление не найдено", { transportation: ["Направление не найдено"] });
    }
  }

  async function waiting(): Promise<ListRow[]> {
    return db
      .select(listColumns)
      .from(clientMessages)
      .where(and(eq(clientMessages.sent, false), isNotNull(clientMessages.sendTime)))
      .orderBy(asc(clientMessages.sendTime), asc(clientMessages.id));
  }

  async function latestSent(limit: number): Promise<ListRow[]> {
    const rows = await db
      .select(listColumns)
      .from(clientMessages)
      .where(and(eq(clientMessages.sent, true), isNotNull(clientMessages.sendTime)))
      .orderBy(desc(clientMessages.sendTime), desc(clientMessages.id))
      .limit(limit);
    return rows.reverse();
  }

  async function get(id: number): Promise<TClientMessage> {
    const [row] = await db.select(listColumns).from(clientMessages).where(eq(clientMessages.id, id));
    if (!row) throw notFound("Сообщение не найдено");
    return toMessage(row);
  }

  return {
    /**
     * How many clients a message with these audience fields would reach if sent now: the figure staff
     * confirm before a broadcast («Сообщение получат N клиентов»). Decided again at sending, as the list may
     * change meanwhile.
     */
    async recipientCount(fields: Omit<TClientMessageSendFields, "text">): Promise<number> {
      await checkTarget({ ...fields, text: "" });
      const [row] = await db
        .select({ n: count() })
        .from(clients)
        .where(
          audience({
            groupId: fields.group ?? null,
            transportationId: fields.transportation ?? null,
            clientType: fields.client_type ?? null,
          }),
        );
      return row?.n ?? 0;
    },
    /**
     * Messages that have a send_time, ascending. Without `sent` (or with `sent=false`): every unsent
     * scheduled message, the screen's list, never cut short (each leaves it at its time, so it holds only
     * what staff scheduled and is still waiting). `sent=true`: the latest `limit` sent ones.
     */
    async list(query: { sent?: "true" | "false"; limit: number }): Promise<TClientMessage[]> {
      const rows = query.sent === "true" ? await latestSent(query.limit) : await waiting();
      return rows.map(toMessage);
    },

    get,

    /** Sends now (queues every recipient's row): to all, one type, one group or one direction. */
    async sendNow(
      fields: TClientMessageSendFields,
      photo: Photo | null,
      accountId: number | null,
    ): Promise<TClientMessage> {
      if ([fields.group, fields.transportation].filter((v) => v !== undefined).length > 1) {
        throw badRequest("Укажите либо группу, либо направление");
      }
      if (photo) {
        if (photo.data.length > PHOTO_MAX_BYTES) {
          throw badRequest("Фото больше 10 МБ", { photo: ["Фото больше 10 МБ"] });
        }
        const problem = photoProblem(photo.data);
        if (problem) throw badRequest(problem, { photo: [problem] });
        if (fields.text.length > PHOTO_CAPTION_MAX) {
          throw badRequest(`С фото текст не длиннее ${PHOTO_CAPTION_MAX} символов`, {
            text: [`С фото текст не длиннее ${PHOTO_CAPTION_MAX} символов`],
          });
        }
      }
      await checkTarget(fields);
      // Stored before the message, outside its transaction: on the embedded database a transaction holds every
      // other request until it ends, and a photo is written piece by piece with others' requests in between.
      const photoId = photo ? await storePhoto(db, photo.data) : null;
      const now = clock.now();
      const id = await db
        .transaction(async (tx) => {
          const [row] = await tx
            .insert(clientMessages)
            .values({
              text: fields.text,
              photoId,
              photoName: photo?.name.slice(0, 255) ?? null,
              sendTime: now,
              clientType: fields.group || fields.transportation ? null : (fields.client_type ?? null),
              groupId: fields.group ?? null,
              transportationId: fields.transportation ?? null,
              createdBy: accountId,
            })
            .returning();
          if (!row) throw new Error("message not inserted");
          await queue(tx, row, now);
          return row.id;
        })
        .catch(async (error: unknown) => {
          if (photoId !== null) await dropPhoto(db, photoId);
          throw error;
        });
      return get(id);
    },

    async schedule(input: TClientMessageSchedule, accountId: number | null): Promise<TClientMessage> {
      const sendTime = resolveSendTime(input.send_time, clock.now());
      const [row] = await db
        .insert(clientMessages)
        .values({
          text: input.text,
          sendTime,
          clientType: input.client_type ?? null,
          createdBy: accountId,
        })
        .returning();
      if (!row) throw new Error("message not inserted");
      return get(row.id);
    },

    /** Only a message not yet sent can be deleted: a sent one is history (and its figures). */
    async remove(id: number): Promise<void> {
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
    },

    /**
     * Turns scheduled messages whose time has come into outbox rows. Each message is locked with SKIP
     * LOCKED and marked sent in the transaction that queues it, so across instances it is queued exactly
     * once. Returns how many messages were queued.
     */
    async releaseDue(): Promise<number> {
      const now = clock.now();
      let released = 0;
      for (;;) {
        const done = await db.transaction(async (tx) => {
          const [due] = await tx
            .select()
            .from(clientMessages)
            .where(and(eq(clientMessages.sent, false), lte(clientMessages.sendTime, now)))
            .orderBy(asc(clientMessages.sendTime), asc(clientMessages.id))
            .limit(1)
            .for("update", { skipLocked: true });
          if (!due) return false;
          await queue(tx, due, now);
          return true;
        });
        if (!done) return released;
        released += 1;
      }
    },
  };
}
