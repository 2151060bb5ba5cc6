import { fork } from "node:child_process";
import { performance } from "node:perf_hooks";
import { and, count, eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import { buildApp } from "../../server/src/app.ts";
import { createDeliveryWorker } from "../../server/src/bot/delivery/worker.ts";
import { createTelegramApi } from "../../server/src/bot/telegram-api.ts";
import { seedAccount } from "../../server/src/db/factories/accounts.ts";
import {
  brands,
  clients,
  currencies,
  marketSchedules,
  modifications,
  outboxMessages,
  priceTiers,
  products,
  stockWaits,
} from "../../server/src/db/schema/index.ts";
import { startScheduler } from "../../server/src/jobs/scheduler.ts";
import { stockWaitJobs } from "../../server/src/jobs/stock-waits.ts";
import { systemClock } from "../../server/src/lib/clock.ts";
import { OFFERS_COLUMNS } from "../../server/src/modules/catalogue/index.ts";
import { STOCK_BACK_KIND } from "../../server/src/modules/stock-waits/index.ts";
import { scratchDatabase } from "../lib/scratch-database.ts";

/**
 * `npm run bench:stock-waits`: on a scratch PostgreSQL database, 10,000 clients each waiting for one of 200
 * sold-out modifications (50 a modification). An offers file brings all 200 back: its import's time with the
 * waits against without any (each the median of BENCH_IMPORTS imports of the same restock), then once more with
 * the server's stock waits jobs and delivery worker running, sending through a fake Bot API in another process at
 * BENCH_RATE messages a second: how fast the announcements leave, end to end, and that each client hears once.
 */
const rate = Number(process.env.BENCH_RATE ?? 100);
const imports = Number(process.env.BENCH_IMPORTS ?? 7);
const WAITERS = 10_000;
const MODIFICATIONS = 200;
const FIRST_CHAT = 6_000_000_000;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const ms = (n: number) => `${n.toFixed(0)} ms`;

type FakeReady = { apiRoot: string; token: string };
const fakeProcess = fork(new URL("../messaging/fake-api-process.ts", import.meta.url).pathname, {
  execArgv: ["--import", "tsx"],
});
const fake = await new Promise<FakeReady>((resolve) =>
  fakeProcess.once("message", (m) => resolve(m as FakeReady)),
);
const fakeSends = () =>
  new Promise<{ times: number[]; chats: number[] }>((resolve) => {
    fakeProcess.once("message", (m) => resolve(m as { times: number[]; chats: number[] }));
    fakeProcess.send("report");
  });

const database = await scratchDatabase("postgres", "bench_stock_waits", 10);
const db = database.db;
try {
  const [rub] = await db.insert(currencies).values({ name: "Рубль", sign: "₽" }).returning();
  await db.insert(marketSchedules).values({ name: "Открыт", isManuallyOpened: true });
  const names: { brand: string; product: string; modification: string }[] = [];
  for (let b = 0; b < 10; b++) {
    const [brand] = await db
      .insert(brands)
      .values({ name: `Брэнд ${b}` })
      .returning();
    for (let p = 0; p < 20; p++) {
      const [product] = await db
        .insert(products)
        .values({ brandId: brand?.id ?? 0, name: `Товар ${p}` })
        .returning();
      const [mod] = await db
        .insert(modifications)
        .values({
          productId: product?.id ?? 0,
          name: "Модификация",
          quantity: 0,
          available: true,
          availableSmallWholesale: true,
          availableLargeWholesale: true,
        })
        .returning();
      await db.insert(priceTiers).values({
        modificationId: mod?.id ?? 0,
        currencyId: rub?.id ?? 0,
        quantityFrom: 1,
        smallWholesale: 600,
        largeWholesale: 590,
      });
      names.push({ brand: `Брэнд ${b}`, product: `Товар ${p}`, modification: "Модификация" });
    }
  }
  const modIds = (await db.select({ id: modifications.id }).from(modifications)).map((m) => m.id);
  const clientIds: number[] = [];
  for (let i = 0; i < WAITERS; i += 2000) {
    const made = await db
      .insert(clients)
      .values(
        Array.from({ length: 2000 }, (_, k) => ({
          nickname: `Ждущий ${i + k}`,
          telegramId: FIRST_CHAT + i + k,
          clientType: 3,
          isActive: true,
          allowedPrice: true,
        })),
      )
      .returning({ id: clients.id });
    clientIds.push(...made.map((c) => c.id));
  }

  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet("Предложения");
  sheet.addRow(OFFERS_COLUMNS.map((c) => c.header));
  for (const n of names) sheet.addRow([n.brand, n.product, n.modification, 100, 1, 600, 590, "₽"]);
  const file = Buffer.from(await wb.xlsx.writeBuffer());
  const boundary = "----bench-stock-waits";
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="offers.xlsx"\r\n` +
        "Content-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n",
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);

  const app = await buildApp({ db, clock: systemClock, jwtSecret: "w".repeat(48), webDist: null });
  await app.ready();
  const office = await seedAccount(db, {
    username: "bench-office",
    password: "bench-password-1",
    role: "office",
  });
  const access = await app.tokens.sign({ userId: office.id, version: office.tokenVersion, type: "access" });
  const soldOutAgain = () => db.update(modifications).set({ quantity: 0 });
  const importFile = async () => {
    const started = performance.now();
    const res = await app.inject({
      method: "POST",
      url: "/api/storehouse/offers/file/",
      headers: {
        authorization: `Bearer ${access}`,
        "content-type": `multipart/form-data; boundary=${boundary}`,
      },
      payload,
    });
    if (res.statusCode !== 200) throw new Error(`import: ${res.statusCode} ${res.body}`);
    return {
      ms: performance.now() - started,
      told: (res.json() as { clients_to_tell: number }).clients_to_tell,
    };
  };
  for (let i = 0; i < WAITERS; i += 2000) {
    const expiresAt = new Date(Date.now() + 14 * 86_400_000);
    await db.insert(stockWaits).values(
      clientIds.slice(i, i + 2000).map((clientId, k) => ({
        clientId,
        modificationId: modIds[(i + k) % MODIFICATIONS] ?? 0,
        expiresAt,
      })),
    );
  }
  const waitsAre = (state: "pending" | "cancelled") =>
    db.update(stockWaits).set({ state, announcedAt: null, outboxId: null });
  // Imports with and without waits take turns, so that neither has the warmer caches or the quieter moment.
  const without: number[] = [];
  const withWaits: number[] = [];
  let told = 0;
  for (let i = 0; i < 2 * (imports + 1); i++) {
    const waiting = i % 2 === 1;
    await Promise.all([soldOutAgain(), waitsAre(waiting ? "pending" : "cancelled")]);
    const done = await importFile();
    // The first two warm the caches and the prepared statements: not counted.
    if (i < 2) continue;
    (waiting ? withWaits : without).push(done.ms);
    if (waiting) told = done.told;
  }
  const growth = ((median(withWaits) - median(without)) / median(without)) * 100;

  // Once more with the server's background work running: the restock is heard and every wait told.
  await Promise.all([soldOutAgain(), waitsAre("pending")]);
  const telegram = createTelegramApi({ token: fake.token, apiRoot: fake.apiRoot });
  const worker = createDeliveryWorker({ db, api: telegram, ratePerSecond: rate, retentionMs: 86_400_000 });
  worker.start();
  const scheduler = startScheduler(stockWaitJobs({ db, clock: systemClock }), (job, error) =>
    console.error(job, error),
  );
  const started = performance.now();
  const startedAt = Date.now();
  const live = await importFile();
  const countRows = async (pendingOnly: boolean) =>
    (
      await db
        .select({ n: count() })
        .from(outboxMessages)
        .where(
          and(
            eq(outboxMessages.kind, STOCK_BACK_KIND),
            pendingOnly ? eq(outboxMessages.status, "pending") : undefined,
          ),
        )
    )[0]?.n ?? 0;
  let announcedAt = 0;
  for (;;) {
    const queued = await countRows(false);
    if (queued === WAITERS && announcedAt === 0) announcedAt = performance.now() - started;
    if (queued === WAITERS && (await countRows(true)) === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const doneMs = performance.now() - started;
  await scheduler.stop();
  await worker.stop();
  await app.close();

  const { times, chats } = await fakeSends();
  const sorted = [...times].sort((a, b) => a - b);
  const achieved = (sorted.length - 1) / (((sorted.at(-1) ?? 0) - (sorted[0] ?? 0)) / 1000);
  const perChat = new Map<number, number>();
  for (const chat of chats) perChat.set(chat, (perChat.get(chat) ?? 0) + 1);
  const twice = [...perChat.values()].filter((n) => n > 1).length;
  const lost = WAITERS - perChat.size;

  console.log(
    `${WAITERS} waits on ${MODIFICATIONS} modifications; an offers file of ${MODIFICATIONS} rows brings all back`,
  );
  console.log(
    `  import without waits: median ${ms(median(without))}; with ${WAITERS} waits: median ${ms(median(withWaits))} ` +
      `(${growth.toFixed(1)} %), ${imports} imports each, taking turns; summary: ${told} clients to tell`,
  );
  console.log(
    `  with the jobs and the worker running: import ${ms(live.ms)}, all ${WAITERS} queued after ${(announcedAt / 1000).toFixed(1)} s`,
  );
  console.log(
    `  sent ${chats.length} at a configured ${rate}/s: first→last call ${achieved.toFixed(1)}/s (${((achieved / rate) * 100).toFixed(1)} %), ` +
      `end to end (import → all sent) ${(doneMs / 1000).toFixed(1)} s = ${(WAITERS / (doneMs / 1000)).toFixed(1)}/s ` +
      `(${((WAITERS / (doneMs / 1000) / rate) * 100).toFixed(1)} %)`,
  );
  console.log(
    `  first message at the fake ${(((sorted[0] ?? 0) - startedAt) / 1000).toFixed(1)} s after the import started`,
  );
  console.log(`  clients told twice: ${twice}; clients not told: ${lost}`);
} finally {
  await database.drop();
  fakeProcess.send("close");
}
