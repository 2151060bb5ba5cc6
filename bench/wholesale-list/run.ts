import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import type { Update } from "grammy/types";
import { buildApp } from "../../server/src/app.ts";
import { createLiveBot } from "../../server/src/bot/run.ts";
import type { Db } from "../../server/src/db/client.ts";
import {
  accessRules,
  brands,
  clients,
  currencies,
  marketSchedules,
  modifications,
  preparedListLines,
  priceTiers,
  products,
} from "../../server/src/db/schema/index.ts";
import { systemClock } from "../../server/src/lib/clock.ts";
import { SEND_LIST_CALLBACK } from "../../server/src/modules/prepared-list/index.ts";
import { startFakeBotApi } from "../../server/src/test/fake-bot-api.ts";
import { scratchDatabase } from "../lib/scratch-database.ts";

/**
 * A wholesale buyer's list at the opening: BENCH_CLIENTS (5) clients each send a prepared list of BENCH_LINES
 * (100) lines, one client after another, first through the Mini App's send (HTTP to the app, as the page does),
 * then, the lists filled again, through the bot's «Отправить список» (the live bot, answering through the fake
 * Bot API on loopback, which refuses what Telegram refuses: 4,096 characters a message, 100 buttons). Reports each
 * send's time (the bot's: the press handled, every answer sent), the lines added and the bot's messages (how many,
 * the longest, any Telegram would refuse). On a scratch PostgreSQL database, or PGlite with BENCH_DB=pglite.
 */
const clientCount = Number(process.env.BENCH_CLIENTS ?? 5);
const lineCount = Number(process.env.BENCH_LINES ?? 100);
const kind = process.env.BENCH_DB === "pglite" ? "pglite" : "postgres";
/** The bot's bound on one update (BotDeps.updateTimeoutMs of the live bot). */
const BOT_BOUND_MS = 15_000;

const loadAverage = () => readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
const round = (n: number) => Math.round(n * 10) / 10;

/** The market open by hand, `lineCount` modifications with plenty of stock, and the clients. */
async function seed(db: Db) {
  await db.insert(marketSchedules).values({ name: "Открытие", isManuallyOpened: true });
  const [rub] = await db.insert(currencies).values({ name: "Рубль", sign: "₽" }).returning();
  const [brand] = await db.insert(brands).values({ name: "Оптовый брэнд" }).returning();
  if (!rub || !brand) throw new Error("seed failed");
  const [product] = await db.insert(products).values({ brandId: brand.id, name: "Кабель" }).returning();
  if (!product) throw new Error("seed failed");
  const mods = await db
    .insert(modifications)
    .values(
      Array.from({ length: lineCount }, (_, i) => ({
        productId: product.id,
        name: `Модель ${i + 1} с достаточно длинным названием, как в прайсе поставщика`,
        quantity: 1_000_000,
        quantityOnStart: 1_000_000,
        available: true,
        availableSmallWholesale: true,
        availableLargeWholesale: true,
      })),
    )
    .returning({ id: modifications.id });
  await db.insert(priceTiers).values(
    mods.map((m) => ({
      modificationId: m.id,
      currencyId: rub.id,
      quantityFrom: 1,
      smallWholesale: 600,
      largeWholesale: 590,
    })),
  );
  const buyers = await db
    .insert(clients)
    .values(
      Array.from({ length: clientCount }, (_, i) => ({
        nickname: `Оптовик ${i + 1}`,
        telegramId: 8_000_000_000 + i,
        phoneNumber: `+7900000${String(i).padStart(4, "0")}`,
        clientType: 3,
        isActive: true,
        allowedPrice: true,
      })),
    )
    .returning({ id: clients.id, telegramId: clients.telegramId });
  await db.insert(accessRules).values(buyers.map((b) => ({ clientId: b.id })));
  return { mods: mods.map((m) => m.id), buyers };
}

/** Each client's list: every modification, 2 units a line, confirmed at its price. */
async function fillLists(db: Db, mods: number[], buyers: { id: number }[]) {
  for (const buyer of buyers)
    await db.insert(preparedListLines).values(
      mods.map((modificationId, place) => ({
        clientId: buyer.id,
        modificationId,
        quantity: 2,
        confirmedPrice: 600,
        place,
      })),
    );
}

const database = await scratchDatabase(kind, "bench_wholesale_list", 5);
const fake = await startFakeBotApi();
try {
  const { mods, buyers } = await seed(database.db);
  await fillLists(database.db, mods, buyers);
  console.log(`${clientCount} clients × ${lineCount} lines on ${kind}; load average ${loadAverage()}`);

  const app = await buildApp({
    db: database.db,
    clock: systemClock,
    jwtSecret: "bench-".repeat(8),
    webDist: null,
  });
  await app.ready();
  const miniApp: { ms: number; added: number }[] = [];
  for (const buyer of buyers) {
    const token = await app.tokens.signClient({ clientId: buyer.id, telegramId: buyer.telegramId ?? 0 });
    const started = performance.now();
    const res = await app.inject({
      method: "POST",
      url: "/api/app/list/send/",
      payload: { idempotency_key: crypto.randomUUID() },
      headers: { authorization: `Bearer ${token}` },
    });
    const ms = performance.now() - started;
    if (res.statusCode !== 200)
      throw new Error(`the Mini App's send answered ${res.statusCode}: ${res.body}`);
    const results = (res.json() as { results: { status: string }[] }).results;
    miniApp.push({ ms, added: results.filter((r) => r.status === "added").length });
  }

  await fillLists(database.db, mods, buyers);
  const bot = createLiveBot(
    { token: fake.token, apiRoot: fake.apiRoot },
    { db: database.db, clock: systemClock, log: { error: (d, m) => console.error(m, d), warn: () => {} } },
  );
  await bot.init();
  const viaBot: { ms: number; messages: number; longest: number; refused: number }[] = [];
  let updateId = 1;
  for (const buyer of buyers) {
    const user = buyer.telegramId ?? 0;
    const chat = { id: user, type: "private" as const, first_name: "Оптовик" };
    const before = fake.calls.length;
    const started = performance.now();
    await bot.handleUpdate({
      update_id: updateId,
      callback_query: {
        id: String(updateId),
        from: { id: user, is_bot: false, first_name: "Оптовик" },
        chat_instance: "bench",
        data: SEND_LIST_CALLBACK,
        message: { message_id: updateId, date: 0, chat, from: bot.botInfo, text: "Маркет открыт" },
      },
    } as Update);
    updateId++;
    const ms = performance.now() - started;
    const sent = fake.calls.slice(before).filter((c) => c.method === "sendMessage");
    const texts = sent.map((c) => String(c.payload.text ?? ""));
    viaBot.push({
      ms,
      messages: sent.length,
      longest: Math.max(0, ...texts.map((t) => t.length)),
      refused: texts.filter((t) => t.length > 4096).length,
    });
  }
  await app.close();

  const summary = (xs: number[]) => ({
    median: round(xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0),
    max: round(Math.max(...xs)),
  });
  const figures = {
    db: kind,
    clients: clientCount,
    lines: lineCount,
    miniAppSendMs: summary(miniApp.map((r) => r.ms)),
    miniAppLinesAdded: miniApp.map((r) => r.added),
    miniAppLinesPerSecond: round((lineCount * 1000) / summary(miniApp.map((r) => r.ms)).median),
    botAnswerMs: summary(viaBot.map((r) => r.ms)),
    botWithinBound: viaBot.every((r) => r.ms < BOT_BOUND_MS),
    botMessages: viaBot.map((r) => r.messages),
    botLongestMessage: Math.max(...viaBot.map((r) => r.longest)),
    botMessagesTelegramRefuses: viaBot.reduce((n, r) => n + r.refused, 0),
    loadAverageAfter: loadAverage(),
  };
  console.log(JSON.stringify(figures, null, 2));
  if (figures.miniAppLinesAdded.some((n) => n !== lineCount)) process.exitCode = 1;
  if (!figures.botWithinBound || figures.botMessagesTelegramRefuses > 0) process.exitCode = 1;
} finally {
  await fake.close();
  await database.drop();
}
