import { performance } from "node:perf_hooks";
import { count, inArray, sum } from "drizzle-orm";
import type { Db } from "../../server/src/db/client.ts";
import {
  accessRules,
  brands,
  clients,
  currencies,
  marketSchedules,
  modifications,
  orderPositions,
  orders,
  priceTiers,
  products,
} from "../../server/src/db/schema/index.ts";
import { systemClock } from "../../server/src/lib/clock.ts";
import { createOrderingService } from "../../server/src/modules/ordering/index.ts";
import { cpuMeter } from "../lib/cpu.ts";
import { percentile } from "../lib/measure.ts";
import { scratchDatabase } from "../lib/scratch-database.ts";
import type { Step } from "../lib/step.ts";
import { miniAppHandler } from "../miniapp/miniapp-handler.ts";
import { botHandler } from "./bot-handler.ts";
import { floorHandler } from "./floor-handler.ts";

/**
 * «Market opens»: BENCH_CLIENTS (1,000) clients each order BENCH_POSITIONS (5) positions the moment
 * the market opens, mostly from 20 popular modifications with scarce stock, through the ordering service and
 * the real market decision. `BENCH_DB=pglite` runs on embedded PGlite, otherwise a scratch database is made
 * on BENCH_DATABASE_URL's server and dropped at the end. Reports accepted positions/s, latency and whether
 * any unit was oversold.
 *
 * `handle` below is the one call measured (BENCH_VIA): the ordering service's addPosition by default, `bot` puts
 * `bot.handleUpdate` there, `miniapp` an HTTP add to the app in a process of its own, `floor` pg alone
 * (floor-handler.ts, the measure the others are held to; `floor-prepared` its statements prepared).
 */
const clientCount = Number(process.env.BENCH_CLIENTS ?? 1000);
const positionsPerClient = Number(process.env.BENCH_POSITIONS ?? 5);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 20);
const kind = process.env.BENCH_DB === "pglite" ? "pglite" : "postgres";
const POPULAR = 20;
const POPULAR_STOCK = 60;
const PLENTY = 200;
/**
 * Connections to PostgreSQL (the app's DATABASE_POOL_SIZE), for the bot's path here and the Mini App's server
 * alike: twice the database server's two cores plus one, as the README advises for a rush of short taps.
 */
const poolSize = Number(process.env.BENCH_POOL_SIZE ?? 5);

type Outcome = { accepted: boolean };
/** The measured call; `close` ends what it started, `extra` is reported beside the figures. */
type Handler = ((step: Step) => Promise<Outcome>) & {
  close?: () => Promise<void>;
  extra?: Record<string, unknown>;
  /** A prepared list's path (miniapp-list): the lists written before the opening, then one send per client. */
  prepare?: (lists: Step[][]) => Promise<void>;
  sendList?: (clientId: number) => Promise<Outcome[]>;
};

/** Every modification's tiers: the price of a position is the tier its whole quantity reaches. */
const TIERS = [
  { quantityFrom: 1, smallWholesale: 600, largeWholesale: 590 },
  { quantityFrom: 3, smallWholesale: 560, largeWholesale: 550 },
];
/** The unit price a small-wholesale client is shown for a position of `total` units. */
const priceOf = (total: number) => TIERS.filter((t) => t.quantityFrom <= total).at(-1)?.smallWholesale ?? 0;

/** The measured call: one client's one order step, as the service answers it. */
function serviceHandler(db: Db): Handler {
  const service = createOrderingService({ db, clock: systemClock });
  return async ({ clientId, modificationId, quantity, price }) => ({
    accepted: (await service.addPosition(clientId, modificationId, quantity, price)).ok,
  });
}

function requireUrl(url: string | undefined): string {
  if (!url) throw new Error("the floor runs on PostgreSQL only");
  return url;
}

/** A deterministic generator, so every run orders the same things. */
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    return s / 2 ** 31;
  };
}

const open = () => scratchDatabase(kind, "bench_market_opens", poolSize);

/** The market open for everyone, 1,000 small-wholesale clients, 20 scarce and 200 plentiful modifications. */
async function seed(db: Db) {
  await db.insert(marketSchedules).values({ name: "Открытие маркета", isManuallyOpened: true });
  const [rub] = await db.insert(currencies).values({ name: "Рубль", sign: "₽" }).returning();
  const [brand] = await db.insert(brands).values({ name: "Популярный брэнд" }).returning();
  if (!rub || !brand) throw new Error("seed failed");
  const [product] = await db.insert(products).values({ brandId: brand.id, name: "Смартфон" }).returning();
  if (!product) throw new Error("seed failed");
  const mods = await db
    .insert(modifications)
    .values(
      Array.from({ length: POPULAR + PLENTY }, (_, i) => ({
        productId: product.id,
        name: `Модель ${String(i).padStart(3, "0")}`,
        quantity: i < POPULAR ? POPULAR_STOCK : 100_000,
        quantityOnStart: i < POPULAR ? POPULAR_STOCK : 100_000,
        available: true,
        availableSmallWholesale: true,
        availableLargeWholesale: true,
        oneHandQuantity: i < POPULAR ? 5 : 0,
        oneHandLimited: i < POPULAR,
      })),
    )
    .returning({ id: modifications.id });
  await db
    .insert(priceTiers)
    .values(mods.flatMap((m) => TIERS.map((t) => ({ ...t, modificationId: m.id, currencyId: rub.id }))));
  const clientIds: number[] = [];
  for (let from = 0; from < clientCount; from += 500) {
    const rows = await db
      .insert(clients)
      .values(
        Array.from({ length: Math.min(500, clientCount - from) }, (_, i) => ({
          nickname: `Клиент ${from + i}`,
          telegramId: 900_000_000 + from + i,
          clientType: 3,
          isActive: true,
          allowedPrice: true,
        })),
      )
      .returning({ id: clients.id });
    await db.insert(accessRules).values(rows.map((r) => ({ clientId: r.id })));
    clientIds.push(...rows.map((r) => r.id));
  }
  const ids = mods.map((m) => m.id);
  return { clientIds, popular: ids.slice(0, POPULAR), plenty: ids.slice(POPULAR) };
}

const database = await open();
try {
  const { clientIds, popular, plenty } = await seed(database.db);
  const next = random(12);
  // Each client: three popular modifications (the rush) and two others, 1-4 units each.
  const plans = clientIds.map((clientId) =>
    Array.from({ length: positionsPerClient }, (_, i): Omit<Step, "price"> => {
      const pool = i < 3 ? popular : plenty;
      return {
        clientId,
        modificationId: pool[Math.floor(next() * pool.length)] ?? 0,
        quantity: 1 + Math.floor(next() * 4),
      };
    }),
  );
  const via = process.env.BENCH_VIA ?? "service";
  const handle: Handler =
    via === "bot"
      ? await botHandler(database.db)
      : via === "miniapp" || via === "miniapp-list"
        ? await miniAppHandler(database.db, database.url ?? "", poolSize, concurrency)
        : via === "floor" || via === "floor-prepared"
          ? await floorHandler(requireUrl(database.url), poolSize, { prepared: via === "floor-prepared" })
          : serviceHandler(database.db);

  const latencies: number[] = [];
  // What each client holds of each modification: a step adding to it confirms the whole position's price.
  const held = new Map<string, number>();
  const asList = via === "miniapp-list" ? handle.sendList : undefined;
  if (asList)
    await handle.prepare?.(
      plans.map((plan) => {
        const totals = new Map<number, number>();
        return plan.map((step) => {
          const total = (totals.get(step.modificationId) ?? 0) + step.quantity;
          totals.set(step.modificationId, total);
          return { ...step, price: priceOf(total) };
        });
      }),
    );
  /** Lines the list path applied or refused (its latencies are per send, one per client). */
  let listLines = 0;
  let accepted = 0;
  let refused = 0;
  let cursor = 0;
  const started = performance.now();
  const cpu = cpuMeter(database.name);
  // Up to `concurrency` clients are served at once; each sends its steps one after another, as a person taps.
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let i = cursor++; i < plans.length; i = cursor++) {
        const clientId = plans[i]?.[0]?.clientId;
        if (asList && clientId !== undefined) {
          const t0 = performance.now();
          const outcomes = await asList(clientId);
          latencies.push(performance.now() - t0);
          listLines += outcomes.length;
          for (const outcome of outcomes) outcome.accepted ? accepted++ : refused++;
          continue;
        }
        for (const step of plans[i] ?? []) {
          const key = `${step.clientId}:${step.modificationId}`;
          const total = (held.get(key) ?? 0) + step.quantity;
          const t0 = performance.now();
          const outcome = await handle({ ...step, price: priceOf(total) });
          latencies.push(performance.now() - t0);
          if (outcome.accepted) {
            accepted++;
            held.set(key, total);
          } else refused++;
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const steps = asList ? listLines : latencies.length;
  const cpuUsed = cpu(steps);
  await handle.close?.();

  const stockRows = await database.db
    .select({ id: modifications.id, quantity: modifications.quantity })
    .from(modifications)
    .where(inArray(modifications.id, popular));
  const orderedRows = await database.db
    .select({ id: orderPositions.modificationId, n: sum(orderPositions.quantity).mapWith(Number) })
    .from(orderPositions)
    .where(inArray(orderPositions.modificationId, popular))
    .groupBy(orderPositions.modificationId);
  const ordered = new Map(orderedRows.map((r) => [r.id, r.n]));
  let oversold = 0;
  let inexact = 0;
  for (const row of stockRows) {
    const taken = ordered.get(row.id) ?? 0;
    oversold += Math.max(0, taken - POPULAR_STOCK) + Math.max(0, -row.quantity);
    if (row.quantity + taken !== POPULAR_STOCK) inexact++;
  }
  const soldOut = stockRows.filter((r) => r.quantity === 0).length;
  const [plentyLeft] = await database.db
    .select({ n: sum(modifications.quantity).mapWith(Number) })
    .from(modifications)
    .where(inArray(modifications.id, plenty));
  const [plentyOrdered] = await database.db
    .select({ n: sum(orderPositions.quantity).mapWith(Number) })
    .from(orderPositions)
    .where(inArray(orderPositions.modificationId, plenty));
  if ((plentyLeft?.n ?? 0) + (plentyOrdered?.n ?? 0) !== PLENTY * 100_000) inexact++;
  const [orderCount] = await database.db.select({ n: count() }).from(orders);

  console.log(
    JSON.stringify(
      {
        via,
        database: database.kind,
        clients: clientIds.length,
        steps,
        ...(asList ? { sends: latencies.length } : {}),
        concurrency,
        poolSize: kind === "postgres" ? poolSize : undefined,
        accepted,
        refused,
        orders: orderCount?.n,
        seconds: Number(seconds.toFixed(2)),
        acceptedPerSecond: Number((accepted / seconds).toFixed(0)),
        stepsPerSecond: Number((steps / seconds).toFixed(0)),
        p50: Number(percentile(latencies, 50).toFixed(1)),
        p95: Number(percentile(latencies, 95).toFixed(1)),
        p99: Number(percentile(latencies, 99).toFixed(1)),
        max: Number(Math.max(...latencies).toFixed(1)),
        ...cpuUsed,
        popularSoldOut: `${soldOut}/${POPULAR}`,
        oversoldUnits: oversold,
        modificationsWithInexactStock: inexact,
        ...handle.extra,
      },
      null,
      2,
    ),
  );
  if (oversold > 0 || inexact > 0) process.exitCode = 1;
} finally {
  await database.drop();
}
