import { type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "./client.ts";
import type { Bindable } from "./fixed-statement.ts";
import { botUpdates } from "./schema/index.ts";

/**
 * Thrown by the transaction of an update's effect that finds the update already handled by another delivery
 * of it: the transaction rolls back, and the bot does nothing more for this delivery.
 */
export class UpdateAlreadyHandled extends Error {
  constructor(readonly updateId: number) {
    super(`update ${updateId} was handled by another delivery`);
  }
}

/**
 * The update's record as the SQL of a WITH query, for a fixed statement (fixed-statement.ts) that carries an
 * effect: it yields a row when the record went in, none when another delivery had recorded the update (or
 * `when`, a condition of the statement, does not hold: then nothing is recorded).
 */
export const handledSql = (updateId: Bindable<number>, when?: SQL) =>
  sql`insert into ${botUpdates} (update_id) select ${updateId}::bigint ${when ? sql`where ${when}` : sql``}
    on conflict do nothing returning update_id`;

/** Whether the update is recorded as handled: a column of the bot's first read of an update. */
export const isHandledColumn = (updateId: Bindable<number>) =>
  sql<boolean>`exists (select 1 from ${botUpdates} where ${botUpdates.updateId} = ${updateId})`;

/**
 * One Telegram update being handled, recorded in `bot_updates` by the transaction that carries its effect (an
 * order position, a claim, a registration's write, or the session of a step whose effect is the session), so
 * a delivery of it that died before that commit is carried out when Telegram delivers it again, and one that
 * committed is not carried out twice. An update with no effect at all is recorded on its own at its end.
 */
export class UpdateReceipt {
  #recorded = false;

  constructor(readonly updateId: number) {}

  /** Whether a committed transaction of this delivery recorded the update. */
  get recorded(): boolean {
    return this.#recorded;
  }

  /**
   * The record as a WITH query, to ride on the effect's own write at no round trip of its own; the write reads
   * `inserted(it)` and hands it to `check`.
   */
  recordWith(tx: Db | Tx) {
    return tx
      .$with("update_recorded")
      .as(
        tx
          .insert(botUpdates)
          .values({ updateId: this.updateId })
          .onConflictDoNothing()
          .returning({ updateId: botUpdates.updateId }),
      );
  }

  /** Throws when the record did not go in: another delivery had recorded the update. */
  check(inserted: boolean): void {
    if (!inserted) throw new UpdateAlreadyHandled(this.updateId);
  }

  /** The record as a statement of its own in the effect's transaction. */
  async record(tx: Db | Tx): Promise<void> {
    const [row] = await tx
      .insert(botUpdates)
      .values({ updateId: this.updateId })
      .onConflictDoNothing()
      .returning({ updateId: botUpdates.updateId });
    this.check(row !== undefined);
  }

  /** To call once the transaction that recorded the update has committed. */
  committed(): void {
    this.#recorded = true;
  }

  /**
   * Records the update at its end, when it had no effect of its own to record it with (browsing, a refusal):
   * a record another delivery made meanwhile is as good.
   */
  async recordHandled(db: Db | Tx): Promise<void> {
    await db.insert(botUpdates).values({ updateId: this.updateId }).onConflictDoNothing();
  }

  /** Runs an effect in a transaction that records the update with it. */
  async once<T>(db: Db | Tx, work: (tx: Tx) => Promise<T>): Promise<T> {
    const result = await db.transaction(async (tx) => {
      await this.record(tx);
      return work(tx);
    });
    this.committed();
    return result;
  }
}

/** Whether a WITH query's row went in, as a column of the statement that runs it. */
export const inserted = (query: ReturnType<UpdateReceipt["recordWith"]>) =>
  sql<boolean>`exists (select 1 from ${query})`;
