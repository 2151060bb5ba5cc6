import { STOCK_WAIT_DAYS, type TStockWaitAsked } from "@wholesale/contract";
import { and, eq, sql } from "drizzle-orm";
import { stockWaits } from "../../db/schema/index.ts";
import { refused } from "../miniapp/index.ts";
import { orderingTexts } from "../ordering/index.ts";
import { refusedStanding, type WaitAnswer, type WaitCalls } from "./calls.ts";
import { readWaits } from "./wait-view.ts";
import { IN_STOCK_CODE, WAIT_WORDS } from "./words.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * «Сообщить о поступлении»: a wait for a modification the client sees and that is not in stock for them (as its
 * announcement will judge it, `stockFor`). A modification they do not see is not found, as its card; one in
 * stock is refused (409), to be ordered. Asked again while waiting, the wait is answered as it is (`already`).
 * A wait that ran out unannounced starts again, as if new. The market's hours do not matter: a wait outlives them.
 */
export async function askWait(
  { ordering: orderingOf, clock, write }: WaitCalls,
  clientId: number,
  modificationId: number,
): Promise<WaitAnswer<TStockWaitAsked>> {
  const ordering = orderingOf();
  const refusal = await refusedStanding(ordering, clientId);
  if (refusal) return refusal;
  const stock = await ordering.stockFor(clientId, modificationId);
  if (!stock) return refused({ code: "not_found", message: orderingTexts.notFound });
  if (stock.inStock)
    return { ok: false, status: 409, refusal: { detail: WAIT_WORDS.inStock, code: IN_STOCK_CODE } };
  const now = clock.now();
  const expiresAt = new Date(now.getTime() + STOCK_WAIT_DAYS * DAY_MS);
  return write(async (on) => {
    const [started] = await on
      .insert(stockWaits)
      .values({ clientId, modificationId, createdAt: now, expiresAt })
      .onConflictDoUpdate({
        target: [stockWaits.clientId, stockWaits.modificationId],
        targetWhere: sql`${stockWaits.state} = 'pending'`,
        set: { createdAt: now, expiresAt },
        setWhere: sql`${stockWaits.expiresAt} <= ${now}`,
      })
      .returning({ id: stockWaits.id });
    const [wait] = await readWaits(
      on,
      and(
        eq(stockWaits.clientId, clientId),
        eq(stockWaits.modificationId, modificationId),
        eq(stockWaits.state, "pending"),
      ),
    );
    if (!wait) throw new Error("the wait just asked is not there");
    const already = started === undefined;
    return { ok: true, value: { wait, already, detail: already ? WAIT_WORDS.already : WAIT_WORDS.asked } };
  });
}
