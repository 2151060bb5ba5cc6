import { asc, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { seedCurrency } from "../../db/factories/catalogue.ts";
import { seedClient } from "../../db/factories/clients.ts";
import { outboxMessages } from "../../db/schema/index.ts";
import { enqueueOutbox } from "../../modules/outbox/index.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { type FakeBotApi, startFakeBotApi } from "../../test/fake-bot-api.ts";
import { seedLongOrder } from "../../test/long-order.ts";
import { waitFor } from "../../test/wait.ts";
import { createTelegramApi } from "../telegram-api.ts";
import { createDeliveryWorker, type DeliveryOptions, type DeliveryWorker } from "./worker.ts";

/**
 * A message over Telegram's 4,096 characters goes through the outbox as several rows, and the delivery worker
 * sends one chat's rows in the order of their ids, through the fake Bot API that refuses what Telegram refuses.
 */
let t: TestApp;
let fake: FakeBotApi;
let worker: DeliveryWorker | undefined;
beforeAll(async () => {
  t = await createTestApp();
  fake = await startFakeBotApi();
});
afterEach(async () => {
  await worker?.stop();
  worker = undefined;
});
afterAll(async () => {
  await fake.close();
  await t.close();
});

function startWorker(options: Partial<DeliveryOptions> = {}) {
  worker = createDeliveryWorker({
    db: t.db,
    api: createTelegramApi({ token: fake.token, apiRoot: fake.apiRoot }),
    ratePerSecond: 100,
    retentionMs: 86_400_000,
    idleMs: 20,
    ...options,
  });
  worker.start();
}

const rowsOf = (chatId: number) =>
  t.db.select().from(outboxMessages).where(eq(outboxMessages.chatId, chatId)).orderBy(asc(outboxMessages.id));
const delivered = (chatId: number) =>
  fake
    .callsTo("sendMessage")
    .filter((c) => c.payload.chat_id === chatId)
    .map((c) => String(c.payload.text));
/** The chat's rows once none waits any more (sent, or failed as Telegram refused it). */
const settled = async (chatId: number) => {
  const rows = await rowsOf(chatId);
  return rows.length > 0 && rows.every((r) => r.status !== "pending") ? rows : undefined;
};

describe("a message over Telegram's limit", () => {
  it("staff's change of a 100-position order reaches the client in parts, in order, each within the limit", async () => {
    const rub = (await seedCurrency(t.db, { name: "Рубль", sign: "₽" })).id;
    const client = await seedClient(t.db, { telegramId: 9501, allowedPrice: true });
    const order = await seedLongOrder(t.db, { clientId: client.id, currencyId: rub, count: 100 });
    startWorker();
    const changed = await t.call("office", {
      method: "PUT",
      url: `/api/sales/order-positions/${order.positions[0]?.id}/`,
      payload: { price: 1234.5, quantity: 5 },
    });
    expect(changed.statusCode).toBe(200);
    const rows = await waitFor("every part of the change's message answered", () => settled(9501));
    expect(rows.map((r) => [r.status, r.lastError])).toEqual(rows.map(() => ["sent", null]));

    expect(rows.length).toBeGreaterThan(1);
    const parts = delivered(9501);
    expect(parts).toEqual(rows.map((r) => r.text));
    for (const part of parts) expect(part.length).toBeLessThanOrEqual(4096);
    const lines = parts.flatMap((p) => p.split("\n")).filter((l) => l !== "");
    expect(lines[0]).toBe("Ваш заказ на 20.11.2026 изменён.");
    expect(lines[1]).toMatch(
      /^1\. Вектор \d+ Сетевое зарядное устройство 20W USB-C белое, модель 001 — 5 шт × /,
    );
    expect(lines.slice(1, 101).map((l) => Number(/^(\d+)\. /.exec(l)?.[1]))).toEqual(
      Array.from({ length: 100 }, (_, i) => i + 1),
    );
    expect(lines.at(-1)).toMatch(/^Итого: /);
    expect(lines).toHaveLength(102);
    expect(fake.calls.filter((c) => c.payload.chat_id === 9501)).toHaveLength(parts.length);
  });

  it("goes in order even when a part fails and waits for its retry, its markup under the last part", async () => {
    const chatId = 9502;
    const text = Array.from({ length: 90 }, (_, i) => `Строка ${i + 1}: ${"текст ".repeat(20)}`).join("\n");
    const markup = { inline_keyboard: [[{ text: "Отправить список", callback_data: "send-list" }]] };
    await enqueueOutbox(t.db, [{ clientId: null, chatId, kind: "test", text, replyMarkup: markup }]);
    const queued = await rowsOf(chatId);
    expect(queued.length).toBe(3);
    expect(queued.map((r) => r.replyMarkup)).toEqual([null, null, markup]);

    // The first part fails once; at one send a second each claim takes one row, and the retry of the first
    // part is due after the other two were: they must still wait for it.
    fake.failNext("sendMessage", { status: 500, description: "Internal Server Error", chatId });
    startWorker({ ratePerSecond: 1, retry: { baseDelayMs: 300, maxDelayMs: 300, maxAttempts: 5 } });
    const rows = await waitFor("every part answered", () => settled(chatId));
    expect(rows.map((r) => r.status)).toEqual(["sent", "sent", "sent"]);
    const calls = fake.callsTo("sendMessage").filter((c) => c.payload.chat_id === chatId);
    // The failed try of the first part, then the three parts in order.
    expect(calls.map((c) => String(c.payload.text).slice(0, 9))).toEqual([
      "Строка 1:",
      "Строка 1:",
      queued[1]?.text.slice(0, 9),
      queued[2]?.text.slice(0, 9),
    ]);
    expect(calls.at(-1)?.payload.reply_markup).toEqual(markup);
    expect(calls.slice(0, 3).map((c) => c.payload.reply_markup)).toEqual([undefined, undefined, undefined]);
    expect(
      calls
        .slice(1)
        .map((c) => String(c.payload.text))
        .join("\n"),
    ).toBe(text);
  });
});
