import { eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cardData } from "../../bot/callback-data/catalogue.ts";
import { seedBrand, seedProduct } from "../../db/factories/catalogue.ts";
import {
  accessRules,
  clients,
  exclusives,
  marketSchedules,
  modifications,
  outboxMessages,
  stockWaits,
  timeIntervals,
} from "../../db/schema/index.ts";
import { type Scheduler, startScheduler } from "../../jobs/scheduler.ts";
import { openButton, stockWaitJobs } from "../../jobs/stock-waits.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { TEST_WEBAPP_URL, waitsFixture } from "../../test/stock-waits.ts";
import { waitUntil } from "../../test/wait.ts";
import { DEFAULT_BOT_TEXTS } from "../bot-texts/index.ts";
import { OFFERS_COLUMNS } from "../catalogue/index.ts";
import { runMarketTick } from "../market/index.ts";
import { announceAtOpening, cleanUpWaits, countWaiting } from "./index.ts";

let t: TestApp;
let f: Awaited<ReturnType<typeof waitsFixture>>;
beforeAll(async () => {
  t = await createTestApp();
  f = await waitsFixture(t);
});
afterAll(() => t.close());

const setQuantity = (id: number, quantity: number) =>
  t.db.update(modifications).set({ quantity }).where(eq(modifications.id, id));

async function offersFile(rows: (string | number)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet("Предложения");
  sheet.addRow(OFFERS_COLUMNS.map((c) => c.header));
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

function uploadOffers(data: Buffer) {
  const boundary = "----stock-waits-boundary";
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="offers.xlsx"\r\n` +
      "Content-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n",
  );
  return t.call("office", {
    method: "POST",
    url: "/api/storehouse/offers/file/",
    payload: Buffer.concat([head, data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  });
}

describe("a restock by any path is heard and told once", () => {
  let scheduler: Scheduler;
  beforeAll(() => {
    // The sweep is an hour away: what is told here is told because the restock was heard.
    scheduler = startScheduler(
      stockWaitJobs({
        db: t.db,
        clock: t.clock,
        webAppUrl: TEST_WEBAPP_URL,
        sweepEveryMs: 3_600_000,
        heardEveryMs: 50,
      }),
      (job, error) => console.error(job, error),
    );
  });
  afterAll(() => scheduler.stop());

  it("a quantity edited, an offers file, a position the client removed, an order's position staff deleted", async () => {
    const waiter = await f.clientWithToken();
    const buyer = await f.clientWithToken();
    const brand = await seedBrand(t.db, { name: "Samsung" });
    const product = await seedProduct(t.db, { brandId: brand.id, name: "Зарядка" });
    const edited = await f.soldOut({ productId: product.id, name: "25 Вт" });
    const filed = await f.soldOut({ productId: product.id, name: "45 Вт" });
    const removed = await f.soldOut({ productId: product.id, name: "65 Вт", quantity: 3 });
    const deleted = await f.soldOut({ productId: product.id, name: "100 Вт", quantity: 2 });
    const add = async (modification: number, quantity: number) => {
      const res = await buyer.call({
        method: "POST",
        url: "/api/app/positions/",
        payload: { modification, quantity, price_kopecks: 60000 },
      });
      expect(res.statusCode).toBe(201);
      return res.json().position.id as number;
    };
    const removedPosition = await add(removed.id, 3);
    const deletedPosition = await add(deleted.id, 2);

    const waits = [];
    for (const mod of [edited, filed, removed, deleted]) waits.push(await f.asked(waiter.call, mod.id));

    const edit = await t.call("storehouse", {
      method: "POST",
      url: "/api/storehouse/modifications/quantity/",
      payload: { modification: edited.id, delta: 5 },
    });
    expect(edit.statusCode).toBe(200);
    const upload = await uploadOffers(
      await offersFile([["Samsung", "Зарядка", "45 Вт", 7, 1, 650, 640, "₽"]]),
    );
    expect(upload.statusCode).toBe(200);
    const remove = await buyer.call({ method: "DELETE", url: `/api/app/positions/${removedPosition}/` });
    expect(remove.statusCode).toBe(200);
    const staff = await t.call("office", {
      method: "DELETE",
      url: `/api/sales/order-positions/${deletedPosition}/`,
    });
    expect(staff.statusCode).toBe(204);

    await waitUntil(
      "the four waits to be told",
      async () => (await f.messagesTo(waiter.client.id)).length === 4,
    );
    for (const wait of waits) expect(await f.waitRow(wait.id)).toMatchObject({ state: "announced" });
    // Heard again (the stock moves on with every order) and swept: told once all the same.
    await setQuantity(edited.id, 9);
    expect(await f.announce()).toBe(0);
    const messages = await f.messagesTo(waiter.client.id);
    expect(messages).toHaveLength(4);
    const byText = messages.map((m) => m.text).sort();
    expect(byText).toEqual([
      "Снова в наличии: Samsung Зарядка 100 Вт\nЦена: от 1 шт — 600 ₽\nТовар не резервируется.",
      "Снова в наличии: Samsung Зарядка 25 Вт\nЦена: от 1 шт — 600 ₽\nТовар не резервируется.",
      "Снова в наличии: Samsung Зарядка 45 Вт\nЦена: от 1 шт — 650 ₽\nТовар не резервируется.",
      "Снова в наличии: Samsung Зарядка 65 Вт\nЦена: от 1 шт — 600 ₽\nТовар не резервируется.",
    ]);
    const edit25 = messages.find((m) => m.text.includes("25 Вт"));
    expect(edit25?.chatId).toBe(waiter.client.telegramId);
    expect(edit25?.replyMarkup).toEqual({
      inline_keyboard: [
        [{ text: "Открыть в каталоге", web_app: { url: `${TEST_WEBAPP_URL}?modification=${edited.id}` } }],
      ],
    });
    const wait25 = await f.waitRow(waits[0]?.id ?? 0);
    expect(wait25?.outboxId).toBe(edit25?.id);
    expect(await f.list(waiter.call)).toEqual([]);
  });
});

describe("who is told, and when", () => {
  it("not a wait run out, nor a client banned, nor a brand banned, nor an empty exclusive pool", async () => {
    const expired = await f.clientWithToken();
    const banned = await f.clientWithToken();
    const brandBanned = await f.clientWithToken();
    const mod = await f.soldOut();
    const brand = await seedBrand(t.db, { name: "Запрещённый брэнд" });
    const other = await f.soldOut({ productId: (await seedProduct(t.db, { brandId: brand.id })).id });
    const exclusive = await f.soldOut({ exclusive: true });
    await t.db.insert(exclusives).values({ modificationId: exclusive.id, quantity: 0, ratio: 0 });

    const expiredWait = await f.asked(expired.call, mod.id);
    await t.db
      .update(stockWaits)
      .set({ expiresAt: new Date(t.clock.now().getTime() - 1) })
      .where(eq(stockWaits.id, expiredWait.id));
    await f.asked(banned.call, mod.id);
    const exclusiveWait = await f.asked(banned.call, exclusive.id);
    await f.asked(brandBanned.call, other.id);
    await t.db.update(clients).set({ banned: true }).where(eq(clients.id, banned.client.id));
    await t.db
      .update(accessRules)
      .set({ bannedBrands: [brand.name] })
      .where(eq(accessRules.clientId, brandBanned.client.id));
    await setQuantity(mod.id, 10);
    await setQuantity(other.id, 10);
    await setQuantity(exclusive.id, 10);

    await f.announce();
    for (const c of [expired, banned, brandBanned]) expect(await f.messagesTo(c.client.id)).toEqual([]);
    expect(await f.waitRow(expiredWait.id)).toMatchObject({ state: "pending" });

    // Unbanned, the client hears of the item back, and of the exclusive one once its pool has units.
    await t.db.update(clients).set({ banned: false }).where(eq(clients.id, banned.client.id));
    expect(await f.announce()).toBe(1);
    await t.db.update(exclusives).set({ quantity: 3 }).where(eq(exclusives.modificationId, exclusive.id));
    expect(await f.announce()).toBe(1);
    expect(await f.messagesTo(banned.client.id)).toHaveLength(2);
    expect(await f.waitRow(exclusiveWait.id)).toMatchObject({ state: "announced" });
  });

  it("a client who is shown no prices is told without one", async () => {
    const { client, call } = await f.clientWithToken({ allowedPrice: false });
    const mod = await f.soldOut();
    await f.asked(call, mod.id);
    await setQuantity(mod.id, 4);
    await f.announce();
    const [message] = await f.messagesTo(client.id);
    expect(message?.text).toMatch(/^Снова в наличии: .+\nТовар не резервируется\.$/);
  });

  it("while the market is closed for the client the wait waits; once it is open, it is told", async () => {
    const { client, call } = await f.clientWithToken();
    const mod = await f.soldOut();
    await f.asked(call, mod.id);
    await f.setMarketOpen(false);
    try {
      await setQuantity(mod.id, 4);
      expect(await f.announce()).toBe(0);
    } finally {
      await f.setMarketOpen(true);
    }
    expect(await f.announce()).toBe(1);
    expect(await f.messagesTo(client.id)).toHaveLength(1);
  });

  it("a closed market's opening notice carries the line, and no message of its own follows", async () => {
    const { client, call } = await f.clientWithToken();
    const bystander = await f.clientWithToken();
    const brand = await seedBrand(t.db, { name: "Xiaomi" });
    const mod = await f.soldOut({
      productId: (await seedProduct(t.db, { brandId: brand.id, name: "Power Bank" })).id,
      name: "10000 мА·ч",
    });
    const wait = await f.asked(call, mod.id);
    await f.setMarketOpen(false);
    // 09:00 UTC is 12:00 in Moscow: a schedule opening at 12:03 sends its opening notice now.
    const [schedule] = await t.db.insert(marketSchedules).values({ name: "С 12:03" }).returning();
    if (!schedule) throw new Error("no schedule");
    try {
      await t.db
        .insert(timeIntervals)
        .values({ scheduleId: schedule.id, startTime: "12:03", endTime: "13:00" });
      await setQuantity(mod.id, 4);
      expect(await f.announce()).toBe(0);
      await runMarketTick(t.db, t.clock.now(), (tx, clientIds, at) =>
        announceAtOpening(tx, f.deps.ordering, clientIds, at),
      );
      const notices = await t.db
        .select()
        .from(outboxMessages)
        .where(eq(outboxMessages.kind, "market_pre_start"));
      const own = notices.find((n) => n.clientId === client.id);
      expect(own?.text).toBe(
        `${DEFAULT_BOT_TEXTS.pre_start}\n\nСнова в наличии то, что вы ждали (товары не резервируются):\n• Xiaomi Power Bank 10000 мА·ч, от 1 шт — 600 ₽`,
      );
      expect(notices.find((n) => n.clientId === bystander.client.id)?.text).toBe(DEFAULT_BOT_TEXTS.pre_start);
      expect(await f.waitRow(wait.id)).toMatchObject({ state: "announced", outboxId: null });
      // The market opens at 12:03: the wait is over, nothing more is sent.
      t.clock.advance(4 * 60_000);
      expect(await f.announce()).toBe(0);
      expect(await f.messagesTo(client.id)).toEqual([]);
    } finally {
      t.clock.advance(-4 * 60_000);
      await t.db.delete(marketSchedules).where(eq(marketSchedules.id, schedule.id));
      await f.setMarketOpen(true);
    }
  });
});

describe("the count staff see", () => {
  it("on the low-stock screen: sold today, running out, and how many wait", async () => {
    const mod = await f.soldOut({ quantity: 3, quantityOnStart: 100 });
    const buyer = await f.clientWithToken();
    const add = await buyer.call({
      method: "POST",
      url: "/api/app/positions/",
      payload: { modification: mod.id, quantity: 3, price_kopecks: 60000 },
    });
    expect(add.statusCode).toBe(201);
    for (let i = 0; i < 2; i++) await f.asked((await f.clientWithToken()).call, mod.id);
    const day = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Moscow" }).format(t.clock.now());
    const low = await t.call("office", { method: "GET", url: `/api/statistics/low/?date=${day}` });
    expect(low.statusCode).toBe(200);
    expect(low.json()).toContainEqual(
      expect.objectContaining({ id: mod.id, quantity: 0, sold: 3, waiting: 2 }),
    );
  });

  it("counts each modification's clients waiting now", async () => {
    const mod = await f.soldOut();
    const lone = await f.soldOut();
    for (let i = 0; i < 3; i++) await f.asked((await f.clientWithToken()).call, mod.id);
    const gone = await f.asked((await f.clientWithToken()).call, lone.id);
    await t.db.update(stockWaits).set({ state: "cancelled" }).where(eq(stockWaits.id, gone.id));
    const counted = await countWaiting(t.db, [mod.id, lone.id], t.clock.now());
    expect(counted.get(mod.id)).toBe(3);
    expect(counted.has(lone.id)).toBe(false);
  });
});

describe("the button and the old waits", () => {
  it("without the Mini App's URL the button opens the bot's card, its data within Telegram's 64 bytes", () => {
    const button = openButton(undefined)(2_147_483_647);
    expect(button.text).toBe("Открыть товар");
    const data = String(button.callback_data);
    expect(Buffer.byteLength(data)).toBeLessThanOrEqual(64);
    expect(cardData.unpack(data)).toMatchObject({ modificationId: 2_147_483_647 });
    expect(openButton("https://shop.example/app/?v=2")(5)).toEqual({
      text: "Открыть в каталоге",
      web_app: { url: "https://shop.example/app/?v=2&modification=5" },
    });
  });

  it("waits asked more than 28 days ago are deleted, younger ones kept", async () => {
    const { call } = await f.clientWithToken();
    const [old, young] = [await f.soldOut(), await f.soldOut()];
    const oldWait = await f.asked(call, old.id);
    const youngWait = await f.asked(call, young.id);
    await t.db
      .update(stockWaits)
      .set({ createdAt: new Date(t.clock.now().getTime() - 29 * 86_400_000) })
      .where(eq(stockWaits.id, oldWait.id));
    expect(await cleanUpWaits(t.db, t.clock.now())).toBe(1);
    expect(await f.waitRow(oldWait.id)).toBeUndefined();
    expect(await f.waitRow(youngWait.id)).toBeDefined();
  });
});
