import {
  and,
  asc,
  eq,
  gt,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  notExists,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db, Tx } from "../../db/client.ts";
import { notify } from "../../db/notifications.ts";
import {
  clientMessages,
  clients,
  messagePhotoChunks,
  outboxMessages,
  outboxPacing,
} from "../../db/schema/index.ts";
import { letOthersIn } from "../../lib/let-others-in.ts";
import type { Outcome } from "./outcome.ts";

export type ClaimedRow = {
  id: number;
  /** What produced it: a kind whose message may be withdrawn is checked again before it is sent. */
  kind: string;
  clientId: number | null;
  chatId: number;
  text: string;
  replyMarkup: unknown;
  clientMessageId: number | null;
  attempts: number;
  /** The number of the claim that took the row: what its records and renewals are fenced by. */
  lease: number;
  /** The client blocked the bot earlier: the row is not sent. */
  unreachable: boolean;
};

const other = alias(outboxMessages, "other");

/** Serialises claims across instances (a number no other advisory lock of the product uses). */
const CLAIM_LOCK = 727_276;

/**
 * Claims up to `limit` due rows for this worker: `FOR UPDATE SKIP LOCKED` so concurrent workers take
 * different rows, and the lease (next_attempt_at moved forward) so a row stays taken after the
 * statement commits, until it is marked or its worker is gone for longer than the lease.
 *
 * A chat with a row in flight elsewhere (leased, or waiting to be retried) or sent within the last second
 * is skipped, and of a chat's rows only the earliest due or tried one is taken: this keeps a chat's messages in
 * the order of their ids (a long text's parts among them) and at most one a second across instances. A row
 * held back by `not before` (a notice that may still be taken back) holds no later row back. Claims
 * take turns under a transaction-level advisory lock, so each sees the leases of the claims before it:
 * two claims at once could otherwise each take a row of one chat, neither seeing the other's lease.
 * A claim is one short statement a second per instance, so the turns cost nothing measurable.
 */
export async function claimDue(db: Db | Tx, limit: number, leaseMs: number): Promise<ClaimedRow[]> {
  return db.transaction(async (tx) => {
    // A custom plan on every claim: the outbox swings from empty to a broadcast's thousands of rows, and a
    // prepared statement's generic plan made while it was empty scanned it once per row (5 s a claim).
    await tx.execute(
      sql`select pg_advisory_xact_lock(${CLAIM_LOCK}), set_config('plan_cache_mode', 'force_custom_plan', true)`,
    );
    const rows = await leaseDue(tx, limit, leaseMs);
    const blockedIds = await blockedClients(tx, rows);
    return rows
      .sort((a, b) => a.id - b.id)
      .map((r) => ({ ...r, unreachable: r.clientId !== null && blockedIds.has(r.clientId) }));
  });
}

/**
 * Locks the due rows first and leases them by id in a second statement. As one `UPDATE … WHERE id IN (SELECT
 * … LIMIT … FOR UPDATE SKIP LOCKED)`, a plan made while the outbox was empty re-ran the subquery for every
 * row, and SKIP LOCKED let each run take further rows: one claim took a whole broadcast.
 */
async function leaseDue(tx: Tx, limit: number, leaseMs: number) {
  const due = await tx
    .select({ id: outboxMessages.id })
    .from(outboxMessages)
    .where(
      and(
        eq(outboxMessages.status, "pending"),
        lte(outboxMessages.nextAttemptAt, sql`now()`),
        notExists(
          tx
            .select({ one: sql`1` })
            .from(other)
            .where(
              and(
                eq(other.chatId, outboxMessages.chatId),
                sql`${other.id} <> ${outboxMessages.id}`,
                or(
                  and(
                    eq(other.status, "pending"),
                    gt(other.attempts, 0),
                    gt(other.nextAttemptAt, sql`now()`),
                  ),
                  and(eq(other.status, "sent"), gt(other.sentAt, sql`now() - interval '1 second'`)),
                  // An earlier row of the chat that is due or was tried goes first, so a message in parts
                  // arrives in order even when a part was given back or waits for its retry (then due
                  // after the parts behind it, which the order of the claim would otherwise take first).
                  and(
                    lt(other.id, outboxMessages.id),
                    eq(other.status, "pending"),
                    or(gt(other.attempts, 0), lte(other.nextAttemptAt, sql`now()`)),
                  ),
                ),
              ),
            ),
        ),
      ),
    )
    .orderBy(asc(outboxMessages.nextAttemptAt), asc(outboxMessages.id))
    .limit(limit)
    .for("update", { skipLocked: true });
  if (due.length === 0) return [];
  return tx
    .update(outboxMessages)
    .set({
      nextAttemptAt: sql`now() + ${leaseMs} * interval '1 millisecond'`,
      attempts: sql`${outboxMessages.attempts} + 1`,
      lease: sql`${outboxMessages.lease} + 1`,
    })
    .where(
      inArray(
        outboxMessages.id,
        due.map((r) => r.id),
      ),
    )
    .returning({
      id: outboxMessages.id,
      kind: outboxMessages.kind,
      clientId: outboxMessages.clientId,
      chatId: outboxMessages.chatId,
      text: outboxMessages.text,
      replyMarkup: outboxMessages.replyMarkup,
      clientMessageId: outboxMessages.clientMessageId,
      attempts: outboxMessages.attempts,
      lease: outboxMessages.lease,
    });
}

/**
 * Extends the leases of rows this worker still holds (claimed, not yet recorded) to `leaseMs` from now.
 * Returns the ids renewed: a row missing from them is no longer this worker's (its lease ran out and another
 * worker claimed it, or it is recorded).
 */
export async function renewLeases(db: Db, rows: ClaimedRow[], leaseMs: number): Promise<Set<number>> {
  if (rows.length === 0) return new Set();
  const renewed = await db
    .update(outboxMessages)
    .set({ nextAttemptAt: sql`now() + ${leaseMs} * interval '1 millisecond'` })
    .where(underLease(rows))
    .returning({ id: outboxMessages.id });
  return new Set(renewed.map((r) => r.id));
}

async function blockedClients(tx: Tx, rows: { clientId: number | null }[]): Promise<Set<number>> {
  const clientIds = [...new Set(rows.flatMap((r) => (r.clientId === null ? [] : [r.clientId])))];
  if (clientIds.length === 0) return new Set();
  const blocked = await tx
    .select({ id: clients.id })
    .from(clients)
    .where(and(inArray(clients.id, clientIds), isNotNull(clients.telegramUnreachableAt)));
  return new Set(blocked.map((c) => c.id));
}

/** The one row of `outbox_pacing`, shared by every instance. */
const PACING_ROW = 1;

/** Milliseconds since the epoch of a timestamp, as the database computes it. */
const epochMs = (moment: SQL) => sql<string>`extract(epoch from ${moment}) * 1000`;

/** The database's clock now, in milliseconds since the epoch. */
export async function databaseNow(db: Db): Promise<number> {
  const [row] = await db.select({ now: epochMs(sql`clock_timestamp()`) }).from(sql`(values (1)) as one_row`);
  return Number(row?.now);
}

/**
 * Reserves `count` send slots `intervalMs` apart on the pace shared by all instances. Returns when the first
 * slot is and the database's time when it was reserved, both on the database's clock. An idle pace starts
 * `leadMs` ahead, so that the answer is heard before the first slot has passed.
 */
export async function reserveSlots(
  db: Db,
  count: number,
  intervalMs: number,
  leadMs: number,
): Promise<{ firstSlot: number; now: number }> {
  const span = sql`${count * intervalMs} * interval '1 millisecond'`;
  const start = sql`clock_timestamp() + ${leadMs} * interval '1 millisecond'`;
  const [row] = await db
    .insert(outboxPacing)
    .values({ id: PACING_ROW, nextSlot: sql`${start} + ${span}` })
    .onConflictDoUpdate({
      target: outboxPacing.id,
      set: { nextSlot: sql`greatest(outbox_pacing.next_slot, ${start}) + ${span}` },
    })
    .returning({ end: epochMs(sql`${outboxPacing.nextSlot}`), now: epochMs(sql`clock_timestamp()`) });
  return { firstSlot: Number(row?.end) - count * intervalMs, now: Number(row?.now) };
}

/** Where a 429 pause is announced to every instance: the payload is the pause's length in ms. */
export const PAUSE_CHANNEL = "outbox_pause";

/**
 * After a 429 every instance waits: slots are reserved only after the pause, and the pause is announced on
 * PAUSE_CHANNEL, so sends another instance has already scheduled stop as soon as it hears it (`pauseLeft`
 * reads it when the announcement may have been missed).
 */
export async function pausePace(db: Db, ms: number): Promise<void> {
  const end = sql`clock_timestamp() + ${ms} * interval '1 millisecond'`;
  await db.transaction(async (tx) => {
    await tx
      .insert(outboxPacing)
      .values({ id: PACING_ROW, nextSlot: end, pausedUntil: end })
      .onConflictDoUpdate({
        target: outboxPacing.id,
        set: {
          nextSlot: sql`greatest(outbox_pacing.next_slot, excluded.next_slot)`,
          pausedUntil: sql`greatest(outbox_pacing.paused_until, excluded.paused_until)`,
        },
      });
    await notify(tx, PAUSE_CHANNEL, String(Math.round(ms)));
  });
}

/** Milliseconds left of the latest 429 pause recorded by any instance (0 when none is under way). */
export async function pauseLeft(db: Db): Promise<number> {
  const [row] = await db
    .select({
      left: sql<string>`extract(epoch from (${outboxPacing.pausedUntil} - clock_timestamp())) * 1000`,
    })
    .from(outboxPacing)
    .where(eq(outboxPacing.id, PACING_ROW));
  return Math.max(0, Number(row?.left ?? 0));
}

export type PhotoSource = { photo: Buffer | null; photoName: string | null; fileId: string | null };

/**
 * A stored photo's bytes, read piece by piece (`message_photo_chunks`), each piece its own statement with a turn
 * of the event loop after it: a 10 MB value read whole held the embedded database, and every request, for a
 * second or more.
 */
async function readPhoto(db: Db, photoId: number): Promise<Buffer> {
  const pieces: Buffer[] = [];
  for (let seq = 0; ; seq++) {
    const [piece] = await db
      .select({ data: messagePhotoChunks.data })
      .from(messagePhotoChunks)
      .where(and(eq(messagePhotoChunks.photoId, photoId), eq(messagePhotoChunks.seq, seq)));
    if (!piece) return Buffer.concat(pieces);
    pieces.push(piece.data);
    await letOthersIn();
  }
}

export async function loadPhotos(db: Db, messageIds: number[]): Promise<Map<number, PhotoSource>> {
  if (messageIds.length === 0) return new Map();
  const rows = await db
    .select({
      id: clientMessages.id,
      photoId: clientMessages.photoId,
      photoName: clientMessages.photoName,
      fileId: clientMessages.photoFileId,
    })
    .from(clientMessages)
    .where(inArray(clientMessages.id, messageIds));
  const sources = new Map<number, PhotoSource>();
  for (const r of rows) {
    const photo = r.photoId === null ? null : await readPhoto(db, r.photoId);
    sources.set(r.id, { photo, photoName: r.photoName, fileId: r.fileId });
  }
  return sources;
}

type Figures = { delivered: number; failed: number; unreachable: number };

const BLOCKED_ERROR = "403: клиент заблокировал бота";

/** Counts one more row of a broadcast (none for rows that belong to no broadcast). */
function tally(figures: Map<number, Figures>, messageId: number | null, key: keyof Figures): void {
  if (messageId === null) return;
  const f = figures.get(messageId) ?? { delivered: 0, failed: 0, unreachable: 0 };
  f[key] += 1;
  figures.set(messageId, f);
}

/**
 * The rows still under the lease these claims took: pending, with the lease number the claim set. A row
 * whose lease ran out and that another worker claimed since (its number moved on), or one already recorded,
 * is not touched again, so recording the same outcomes twice (a write retried after its connection broke
 * just as it committed) changes nothing, and each broadcast's figures count a row once.
 */
function underLease(rows: ClaimedRow[]): SQL {
  const leases = rows.map((r) => sql`(${r.id}::bigint, ${r.lease}::int)`);
  return and(
    eq(outboxMessages.status, "pending"),
    sql`(${outboxMessages.id}, ${outboxMessages.lease}) in (${sql.join(leases, sql`, `)})`,
  ) as SQL;
}

/**
 * Records what happened to sends, in one transaction: the rows' statuses, the clients found unreachable
 * (with their other waiting rows), the photos' file_ids and each broadcast's figures.
 */
export async function markOutcomes(
  db: Db,
  results: { row: ClaimedRow; outcome: Outcome }[],
  fileIds: Map<number, string>,
): Promise<void> {
  if (results.length === 0 && fileIds.size === 0) return;
  await db.transaction(async (tx) => {
    const figures = new Map<number, Figures>();
    const count = (messageId: number | null, key: keyof Figures) => tally(figures, messageId, key);

    const sent = results.filter((r) => r.outcome.kind === "sent").map((r) => r.row);
    if (sent.length > 0) {
      const marked = await tx
        .update(outboxMessages)
        .set({ status: "sent", sentAt: sql`now()`, lastError: null })
        .where(underLease(sent))
        .returning({ clientMessageId: outboxMessages.clientMessageId });
      for (const r of marked) count(r.clientMessageId, "delivered");
    }

    const blockedClients = new Set<number>();
    const blockedChats = new Set<number>();
    for (const { row, outcome } of results) {
      if (outcome.kind === "failed" || outcome.kind === "unreachable" || outcome.kind === "withdrawn") {
        const marked = await tx
          .update(outboxMessages)
          .set({ status: outcome.kind, lastError: outcome.error })
          .where(underLease([row]))
          .returning({ id: outboxMessages.id });
        if (marked.length > 0 && outcome.kind !== "withdrawn") count(row.clientMessageId, outcome.kind);
        if (outcome.kind === "unreachable") {
          if (row.clientId !== null) blockedClients.add(row.clientId);
          else blockedChats.add(row.chatId);
        }
      } else if (outcome.kind === "retry") {
        await tx
          .update(outboxMessages)
          .set({
            nextAttemptAt: sql`now() + ${Math.round(outcome.delayMs)} * interval '1 millisecond'`,
            attempts: outcome.counted
              ? outboxMessages.attempts
              : sql`greatest(${outboxMessages.attempts} - 1, 0)`,
            lastError: outcome.error,
          })
          .where(underLease([row]));
      }
    }

    for (const messageId of await recordBlocked(tx, [...blockedClients], [...blockedChats])) {
      count(messageId, "unreachable");
    }

    await addFigures(tx, figures);
    for (const [messageId, fileId] of fileIds) {
      await tx
        .update(clientMessages)
        .set({ photoFileId: fileId })
        .where(and(eq(clientMessages.id, messageId), isNull(clientMessages.photoFileId)));
    }
  });
}

/**
 * Clients (or, without a client, chats) that blocked the bot: the clients are marked unreachable and their
 * other waiting rows are given up (rows leased by another worker are left to it). Returns the given-up rows'
 * broadcast ids, for the broadcasts' figures.
 */
async function recordBlocked(tx: Tx, clientIds: number[], chatIds: number[]): Promise<(number | null)[]> {
  if (clientIds.length === 0 && chatIds.length === 0) return [];
  if (clientIds.length > 0) {
    await tx
      .update(clients)
      .set({ telegramUnreachableAt: sql`now()` })
      .where(and(inArray(clients.id, clientIds), isNull(clients.telegramUnreachableAt)));
  }
  const given = await tx
    .update(outboxMessages)
    .set({ status: "unreachable", lastError: BLOCKED_ERROR })
    .where(
      and(
        eq(outboxMessages.status, "pending"),
        lte(outboxMessages.nextAttemptAt, sql`now()`),
        or(
          clientIds.length > 0 ? inArray(outboxMessages.clientId, clientIds) : sql`false`,
          chatIds.length > 0 ? inArray(outboxMessages.chatId, chatIds) : sql`false`,
        ),
      ),
    )
    .returning({ clientMessageId: outboxMessages.clientMessageId });
  return given.map((r) => r.clientMessageId);
}

async function addFigures(tx: Tx, figures: Map<number, Figures>): Promise<void> {
  for (const [messageId, f] of figures) {
    await tx
      .update(clientMessages)
      .set({
        delivered: sql`${clientMessages.delivered} + ${f.delivered}`,
        failed: sql`${clientMessages.failed} + ${f.failed}`,
        unreachable: sql`${clientMessages.unreachable} + ${f.unreachable}`,
      })
      .where(eq(clientMessages.id, messageId));
  }
}

/**
 * The user blocked the bot (its `my_chat_member` update): recorded as the worker records a 403, the client
 * marked unreachable and their waiting rows given up, with the broadcasts' figures.
 */
export async function markBlocked(
  db: Db,
  blocked: { clientId: number | null; chatId: number },
): Promise<void> {
  await db.transaction(async (tx) => {
    const figures = new Map<number, Figures>();
    const given = await recordBlocked(
      tx,
      blocked.clientId === null ? [] : [blocked.clientId],
      blocked.clientId === null ? [blocked.chatId] : [],
    );
    for (const messageId of given) tally(figures, messageId, "unreachable");
    await addFigures(tx, figures);
  });
}

/** Deletes done rows (sent, failed, unreachable, withdrawn) older than the retention period, a bounded number at a time. */
export async function deleteDoneRows(db: Db | Tx, retentionMs: number, limit = 10_000): Promise<number> {
  const old = db
    .select({ id: outboxMessages.id })
    .from(outboxMessages)
    .where(
      and(
        inArray(outboxMessages.status, ["sent", "failed", "unreachable", "withdrawn"]),
        lte(outboxMessages.createdAt, sql`now() - ${retentionMs} * interval '1 millisecond'`),
      ),
    )
    .limit(limit);
  const deleted = await db
    .delete(outboxMessages)
    .where(inArray(outboxMessages.id, old))
    .returning({ id: outboxMessages.id });
  return deleted.length;
}
