import type { Tx } from "../db/client.ts";
import type { BotContext } from "./context.ts";
import { sessionChanged, writeSession } from "./session-store.ts";

/**
 * Runs what an update changes (a claim filed, a registration written, an organization joined) in one
 * transaction that records the update as handled with it, and the session as `work` leaves it (a claim's
 * step ends with the claim filed, never apart from it): Telegram's next delivery of an update that died
 * before this commit carries it out, one of an update that got past it does nothing. The preview records
 * nothing, and its session lives outside its dry run's transaction: arrival.ts writes it.
 */
export function effect<T>(ctx: BotContext, work: (tx: Tx) => Promise<T>): Promise<T> {
  const { receipt } = ctx;
  if (!receipt) return ctx.db.transaction(work);
  return receipt.once(ctx.db, async (tx) => {
    const result = await work(tx);
    // As arrival.ts: a timed-out update's late session would overwrite the chat's newer one.
    if (!ctx.timedOut && sessionChanged(ctx)) await writeSession(tx, ctx);
    return result;
  });
}
