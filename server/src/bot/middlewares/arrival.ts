import { sql } from "drizzle-orm";
import type { NextFunction } from "grammy";
import type { Db } from "../../db/client.ts";
import { fixedStatement } from "../../db/fixed-statement.ts";
import { isHandledColumn, UpdateAlreadyHandled, UpdateReceipt } from "../../db/handled-updates.ts";
import { botSessions } from "../../db/schema/index.ts";
import { standingColumn, standingOf } from "../../modules/clients/index.ts";
import { reachableAgain } from "../../modules/messaging/index.ts";
import type { BotContext } from "../context.ts";
import { type BotSession, initialSession } from "../session-state.ts";
import { sessionChanged, writeSession } from "../session-store.ts";

/**
 * An update arrives: whether it was handled already, its user's conversation state and who is writing are
 * read in one statement, whose text is built once for each shape (arrivalStatement).
 *
 * Once only: an update is recorded as handled (`ctx.receipt`, db/handled-updates.ts) by the transaction that
 * carries its effect (an order change, a claim, a registration's write), or at its end with its session (a
 * step whose effect is the session) or on its own (browsing, a refusal). A delivery of an update already
 * recorded (a webhook retried, a poller that died before confirming) is skipped; one whose effect finds it
 * recorded meanwhile by another delivery stops quietly, its transaction rolled back. A delivery that dies or
 * fails before its effect commits records nothing, so Telegram's next delivery carries it out. The preview's
 * made-up updates are not recorded.
 *
 * Who is writing (`ctx.standing`): unknown, waiting for confirmation, declined or a client. A client who writes
 * has unblocked the bot, so the same statement clears their unreachable mark; the preview's made-up updates
 * are staff's, not the client's, and leave it alone, as does a change of the bot's membership
 * (middlewares/standing.ts). Read before the dry run's transaction opens: a transaction that has done nothing
 * yet sees the same.
 *
 * The session belongs to the private chat's user and is written after the update only when it changed, and
 * not when the update ran past its time (the guard's `timedOut`). It always lives in the shared database
 * (never inside the dry run's transaction), so a preview conversation moves on through its steps even though
 * what it does is rolled back.
 */
export async function arrival(ctx: BotContext, next: NextFunction): Promise<void> {
  const { db, sessionPrefix, dedupUpdates, preview } = ctx.deps;
  const updateId = ctx.update.update_id;
  const user = ctx.from;
  // Always there: private-chat.ts lets through only updates from a chat's own user.
  if (!user) return;
  const key = `${sessionPrefix}${user.id}`;
  const shape = {
    dedup: dedupUpdates,
    person: !user.is_bot,
    cleared: !user.is_bot && !preview && !ctx.myChatMember,
  };
  const row = await arrivalStatement(db, shape).run(db, { updateId, key, telegramId: user.id });
  if (row.handled) return;
  ctx.receipt = dedupUpdates ? new UpdateReceipt(updateId) : null;
  ctx.standing = standingOf(row.standing);
  ctx.session = row.data ?? initialSession();
  ctx.storedSession = { key, json: JSON.stringify(ctx.session) };

  try {
    await next();
  } catch (error) {
    if (error instanceof UpdateAlreadyHandled) return;
    throw error;
  }
  await keep(ctx);
}

type Shape = { dedup: boolean; person: boolean; cleared: boolean };
type ArrivalRow = { handled: boolean; data: BotSession | null; standing: Parameters<typeof standingOf>[0] };
type ArrivalValues = { updateId: number; key: string; telegramId: number };

/** The arrival's statement of each shape, its text built once (fixed-statement.ts): every update runs one. */
const arrivals = new Map<string, ReturnType<typeof fixedStatement<ArrivalValues, ArrivalRow>>>();
function arrivalStatement(db: Db, shape: Shape) {
  const name = `${shape.dedup}/${shape.person}/${shape.cleared}`;
  let statement = arrivals.get(name);
  if (!statement) {
    statement = fixedStatement<ArrivalValues, ArrivalRow>((v) => {
      const row = sql`json_build_object(
          'handled', ${shape.dedup ? isHandledColumn(v.updateId) : sql`false`},
          'data', (select ${botSessions.data} from ${botSessions} where ${botSessions.key} = ${v.key}::text),
          'standing', ${shape.person ? standingColumn(v.telegramId) : sql`null`})`.as("r");
      const select = shape.cleared
        ? db.with(reachableAgain(db, v.telegramId)).select({ row })
        : db.select({ row });
      return select.from(sql`(values (1)) as one_row`).getSQL();
    });
    arrivals.set(name, statement);
  }
  return statement;
}

/** The update's end: its session when it changed, and its record when no effect made one, in one statement. */
async function keep(ctx: BotContext): Promise<void> {
  const { db } = ctx.deps;
  const unrecorded = ctx.receipt && !ctx.receipt.recorded ? ctx.receipt : null;
  // A timed-out update was apologised for and its chat's next update may have read the session since:
  // writing this one's late would overwrite the newer state.
  if (ctx.timedOut || !sessionChanged(ctx)) await unrecorded?.recordHandled(db);
  else await writeSession(db, ctx, ...(unrecorded ? [unrecorded.recordWith(db)] : []));
}
