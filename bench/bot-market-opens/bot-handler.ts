import type { Update, UserFromGetMe } from "grammy/types";
import { addData } from "../../server/src/bot/callback-data/catalogue.ts";
import { type CapturedCall, captureCalls } from "../../server/src/bot/capture.ts";
import { createBot } from "../../server/src/bot/index.ts";
import { texts } from "../../server/src/bot/texts.ts";
import type { Db } from "../../server/src/db/client.ts";
import { clients } from "../../server/src/db/schema/index.ts";
import { systemClock } from "../../server/src/lib/clock.ts";
import { startOrderingCache, toKopecks } from "../../server/src/modules/ordering/index.ts";
import type { Step } from "../lib/step.ts";

const BOT_INFO = { id: 1, is_bot: true, first_name: "Бот", username: "bench_bot" } as UserFromGetMe;

/**
 * BENCH_VIA=bot: each step is a press of «✅ Подтвердить» (with the price its confirm screen showed) handled
 * by `bot.handleUpdate` (dedup, session, standing, the client area's check, the ordering service), with the
 * outgoing calls captured. A step is accepted when the bot answered the button with «Добавлено в заказ.».
 */
export async function botHandler(db: Db) {
  const rows = await db.select({ id: clients.id, telegramId: clients.telegramId }).from(clients);
  const chatOf = new Map(rows.map((r) => [r.id, r.telegramId ?? 0]));
  const calls: CapturedCall[] = [];
  let nextId = 1;
  const bot = createBot(
    "bench",
    {
      db,
      clock: systemClock,
      log: { error: (details, message) => console.error(message, details), warn: () => {} },
      dedupUpdates: true,
      sessionPrefix: "",
      dryRun: false,
      updateTimeoutMs: 15_000,
    },
    { botInfo: BOT_INFO },
  );
  captureCalls(bot.api, calls, () => nextId++);
  // As the server does beside its bot (app.ts): what the rules read on every tap is kept in memory.
  const cache = startOrderingCache(db);
  const handle = async ({ clientId, modificationId, quantity, price }: Step) => {
    const id = nextId++;
    const user = chatOf.get(clientId) ?? 0;
    const chat = { id: user, type: "private" as const, first_name: "Клиент" };
    await bot.handleUpdate({
      update_id: id,
      callback_query: {
        id: String(id),
        from: { id: user, is_bot: false, first_name: "Клиент" },
        chat_instance: "bench",
        data: addData.pack({ modificationId, productId: 0, quantity, price: toKopecks(price) }),
        message: { message_id: 1, date: 0, chat, from: BOT_INFO, text: "" },
      },
    } as Update);
    const answer = calls.find(
      (c) => c.method === "answerCallbackQuery" && c.payload.callback_query_id === String(id),
    );
    // This update's calls (its answer, and its edits to the client's chat: one client taps one step at a time)
    // are not needed again; the capture would otherwise grow with every step.
    for (let i = calls.length - 1; i >= 0; i--) {
      const payload = calls[i]?.payload;
      if (payload?.callback_query_id === String(id) || payload?.chat_id === user) calls.splice(i, 1);
    }
    return { accepted: answer?.payload.text === texts.added };
  };
  return Object.assign(handle, { close: () => cache.close() });
}
