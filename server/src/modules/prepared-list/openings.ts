import { positionName } from "@wholesale/contract";
import { asc, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { brands, modifications, preparedListLines, products } from "../../db/schema/index.ts";
import { marketStateAt, schedulesColumn, storedSchedulesOf } from "../market/index.ts";
import { enqueueOutbox } from "../outbox/index.ts";

export const PREPARED_LIST_NOTICE_KIND = "prepared_list_opening";
/** The callback data of «Отправить список»: the bot's button family of this prefix sends the client's list. */
export const SEND_LIST_CALLBACK = "ls";
export const SEND_LIST_BUTTON = "Отправить список";

/** Lines named in the message; a longer list is counted, not listed. */
const NAMED_LINES = 15;

type Candidate = {
  id: number;
  clientType: number | null;
  groupId: number | null;
  transportationId: number | null;
  chatId: number;
  wasOpen: boolean;
};

/** Both drivers answer `execute` with `{ rows }`; the `Db` type leaves it unknown. */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * The bot's «Отправить список» message at the market's opening, to each client with a non-empty list the
 * market has just opened for (by the market's own decision, a schedule's interval or a manual opening alike).
 * Each client's state (prepared_list_openings) turns from closed to open in the transaction that queues the
 * message, so with several instances one sends it; a closing turns it back.
 */
export async function announceListsAtOpening(db: Db, now: Date): Promise<number> {
  const candidates = rowsOf<Candidate>(
    await db.execute(sql`select c.id, c.client_type as "clientType", c.group_id as "groupId",
        c.transportation_id as "transportationId", c.telegram_id::float8 as "chatId",
        coalesce(o.market_open, false) as "wasOpen"
      from clients c left join prepared_list_openings o on o.client_id = c.id
      where exists (select 1 from ${preparedListLines} l where l.client_id = c.id)
        and c.is_active and not c.banned and not c.permanent_banned and c.telegram_id is not null`),
  );
  if (candidates.length === 0) return 0;
  const [stored] = rowsOf<{ r: Parameters<typeof storedSchedulesOf>[0] }>(
    await db.execute(sql`select ${schedulesColumn({ activeOnly: true })} as r`),
  );
  const schedules = storedSchedulesOf(stored?.r ?? []);
  const open = candidates.filter((c) => marketStateAt(schedules, c, now).open);
  const closed = candidates.filter((c) => c.wasOpen && !open.includes(c)).map((c) => c.id);
  if (closed.length > 0)
    await db.execute(sql`update prepared_list_openings set market_open = false
      where client_id = any(${sql.param(closed)}::int[]) and market_open`);
  const opened = open.filter((c) => !c.wasOpen);
  if (opened.length === 0) return 0;
  return db.transaction(async (tx) => {
    const won = rowsOf<{ clientId: number }>(
      await tx.execute(sql`insert into prepared_list_openings (client_id, market_open)
        select unnest(${sql.param(opened.map((c) => c.id))}::int[]), true
        on conflict (client_id) do update set market_open = true where prepared_list_openings.market_open = false
        returning client_id as "clientId"`),
    ).map((r) => r.clientId);
    if (won.length === 0) return 0;
    const lines = await tx
      .select({
        clientId: preparedListLines.clientId,
        quantity: preparedListLines.quantity,
        brand: brands.name,
        product: products.name,
        modification: modifications.name,
      })
      .from(preparedListLines)
      .innerJoin(modifications, sql`${modifications.id} = ${preparedListLines.modificationId}`)
      .innerJoin(products, sql`${products.id} = ${modifications.productId}`)
      .innerJoin(brands, sql`${brands.id} = ${products.brandId}`)
      .where(inArray(preparedListLines.clientId, won))
      .orderBy(asc(preparedListLines.clientId), asc(preparedListLines.place), asc(preparedListLines.id));
    const chats = new Map(opened.map((c) => [c.id, c.chatId]));
    await enqueueOutbox(
      tx,
      won.flatMap((clientId) => {
        const chatId = chats.get(clientId);
        const own = lines.filter((l) => l.clientId === clientId);
        return chatId === undefined || own.length === 0
          ? []
          : [
              {
                clientId,
                chatId,
                kind: PREPARED_LIST_NOTICE_KIND,
                text: openingText(own),
                replyMarkup: {
                  inline_keyboard: [[{ text: SEND_LIST_BUTTON, callback_data: SEND_LIST_CALLBACK }]],
                },
              },
            ];
      }),
    );
    return won.length;
  });
}

function openingText(
  lines: { quantity: number; brand: string; product: string; modification: string }[],
): string {
  const named = lines.slice(0, NAMED_LINES).map((l, i) => `${i + 1}. ${positionName(l)} — ${l.quantity} шт.`);
  const more = lines.length > NAMED_LINES ? [`…и ещё ${lines.length - NAMED_LINES}`] : [];
  return [
    "Маркет открыт. Ваш список к открытию:",
    "",
    ...named,
    ...more,
    "",
    `Нажмите «${SEND_LIST_BUTTON}», чтобы заказать всё одним нажатием.`,
  ].join("\n");
}
