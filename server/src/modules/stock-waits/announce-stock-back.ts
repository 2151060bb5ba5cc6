import { and, asc, eq, gt, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { clients, modifications, stockWaits } from "../../db/schema/index.ts";
import type { Clock } from "../../lib/clock.ts";
import { letOthersIn } from "../../lib/let-others-in.ts";
import type { OrderingService } from "../ordering/index.ts";
import { enqueueOutbox } from "../outbox/index.ts";
import { announcementText, type OpenButton, STOCK_BACK_KIND } from "./announcement.ts";

export type AnnounceDeps = { db: Db; clock: Clock; ordering: OrderingService; button: OpenButton };

/** Waits judged per pass: each is one read of its modification for its client. */
const BATCH = 500;

type Candidate = { id: number; clientId: number; modificationId: number; chatId: number };

type Announcement = Candidate & { text: string };

/**
 * Pending waits, not run out, whose modification has stock, of clients with a chat who have not blocked the
 * bot: after `after` in id order, of `modificationIds` when given (a restock heard), of every one otherwise.
 */
function candidates(db: Db, now: Date, after: number, modificationIds?: readonly number[]) {
  return db
    .select({
      id: stockWaits.id,
      clientId: stockWaits.clientId,
      modificationId: stockWaits.modificationId,
      chatId: sql<number>`${clients.telegramId}::float8`.mapWith(Number),
    })
    .from(stockWaits)
    .innerJoin(modifications, eq(modifications.id, stockWaits.modificationId))
    .innerJoin(clients, eq(clients.id, stockWaits.clientId))
    .where(
      and(
        eq(stockWaits.state, "pending"),
        gt(stockWaits.expiresAt, now),
        gt(stockWaits.id, after),
        gt(modifications.quantity, 0),
        isNotNull(clients.telegramId),
        isNull(clients.telegramUnreachableAt),
        modificationIds ? inArray(stockWaits.modificationId, [...modificationIds]) : undefined,
      ),
    )
    .orderBy(asc(stockWaits.id))
    .limit(BATCH);
}

/**
 * The candidates to tell now, by the ordering service's judgement for each client: one who may order, for whom
 * the market is open (a closed market's waits go with its opening notice, or wait for the opening), and for
 * whom the modification is in stock (seen, sold to them, an exclusive pool not empty).
 */
async function judge({ db, ordering }: AnnounceDeps, waits: Candidate[]): Promise<Announcement[]> {
  const told: Announcement[] = [];
  const byClient = new Map<number, Candidate[]>();
  for (const w of waits) byClient.set(w.clientId, [...(byClient.get(w.clientId) ?? []), w]);
  for (const [clientId, own] of byClient) {
    const service = ordering.on({ db, readOnce: true });
    const standing = await service.standing(clientId);
    if (!standing.ok || !standing.market.open) continue;
    for (const wait of own) {
      const stock = await service.stockFor(clientId, wait.modificationId);
      if (stock?.inStock) told.push({ ...wait, text: announcementText(stock.card) });
    }
  }
  return told;
}

/**
 * The waits judged back are announced, each once: the conditional update takes only those still pending (two
 * instances judging the same waits: one takes each), and in its transaction each taken wait's message is
 * queued and linked to it, so a wait is announced exactly when its message is queued.
 */
async function announce({ db, clock, button }: AnnounceDeps, judged: Announcement[]): Promise<number> {
  if (judged.length === 0) return 0;
  const now = clock.now();
  return db.transaction(async (tx) => {
    const taken = await tx
      .update(stockWaits)
      .set({ state: "announced", announcedAt: now })
      .where(
        and(
          inArray(
            stockWaits.id,
            judged.map((w) => w.id),
          ),
          eq(stockWaits.state, "pending"),
          gt(stockWaits.expiresAt, now),
        ),
      )
      .returning({ id: stockWaits.id });
    const takenIds = new Set(taken.map((w) => w.id));
    const told = judged.filter((w) => takenIds.has(w.id));
    if (told.length === 0) return 0;
    const outboxIds = await enqueueOutbox(
      tx,
      told.map((w) => ({
        clientId: w.clientId,
        chatId: w.chatId,
        kind: STOCK_BACK_KIND,
        text: w.text,
        replyMarkup: { inline_keyboard: [[button(w.modificationId)]] },
      })),
    );
    if (outboxIds.length !== told.length) throw new Error("a stock-back message was queued in parts");
    await tx.execute(sql`update ${stockWaits} set outbox_id = v.outbox_id
      from (select unnest(${sql.param(told.map((w) => w.id))}::int[]) as wait_id,
        unnest(${sql.param(outboxIds)}::int[]) as outbox_id) as v
      where ${stockWaits.id} = v.wait_id`);
    return told.length;
  });
}

/**
 * One pass: every pending wait whose modification is back for its client, of `modificationIds` (restocks heard)
 * or of all, is announced once, in batches; answers how many were told.
 */
export async function announceStockBack(
  deps: AnnounceDeps,
  modificationIds?: readonly number[],
): Promise<number> {
  if (modificationIds?.length === 0) return 0;
  let after = 0;
  let told = 0;
  for (;;) {
    const batch = await candidates(deps.db, deps.clock.now(), after, modificationIds);
    const last = batch.at(-1);
    if (!last) return told;
    told += await announce(deps, await judge(deps, batch));
    if (batch.length < BATCH) return told;
    after = last.id;
    await letOthersIn();
  }
}
