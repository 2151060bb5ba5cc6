import { eq, inArray, sum } from "drizzle-orm";
import type { Update } from "grammy/types";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../db/client.ts";
import { seedBrand, seedCurrency, seedModification, seedProduct } from "../db/factories/catalogue.ts";
import { seedClient } from "../db/factories/clients.ts";
import {
  claims,
  clients,
  marketSchedules,
  modifications,
  orderPositions,
  orders,
  registrationRequests,
} from "../db/schema/index.ts";
import { ORDER_RATE } from "../modules/ordering/index.ts";
import { createTestApp, type TestApp } from "../test/app.ts";
import { botChat, TEST_BOT_INFO } from "../test/bot-chat.ts";
import { addData } from "./callback-data/catalogue.ts";
import { volumeData } from "./callback-data/registration.ts";
import { captureCalls } from "./capture.ts";
import { createBot } from "./index.ts";

let t: TestApp;
let rub: number;
let productId: number;
beforeAll(async () => {
  t = await createTestApp();
  rub = (await seedCurrency(t.db, { name: "Рубль", sign: "₽" })).id;
  productId = (await seedProduct(t.db, { brandId: (await seedBrand(t.db)).id })).id;
  await t.db.insert(marketSchedules).values({ name: "Основной", isManuallyOpened: true });
});
afterAll(() => t.close());

/**
 * Where the process dies while it handles an update: before the transaction that carries the update's
 * effect, inside it after its last statement (the commit never comes: the connection's death rolls it back),
 * or just after its commit (before the answer and the session are written). Null: it does not die.
 */
type Death = "before" | "uncommitted" | "committed" | null;
class Killed extends Error {}

/** The database as a process that dies at `death` sees it: its transactions fail there. */
function dyingDb(db: Db, death: Death): Db {
  return new Proxy(db, {
    get(target, property, receiver) {
      if (property !== "transaction" || death === null) return Reflect.get(target, property, receiver);
      return async (work: Parameters<Db["transaction"]>[0]) => {
        if (death === "before") throw new Killed();
        const done = await target.transaction(async (tx) => {
          const result = await work(tx);
          if (death === "uncommitted") throw new Killed();
          return result;
        });
        if (death === "committed") throw new Killed();
        return done;
      };
    },
  });
}

/** A bot process: a fresh instance on the shared database (or one that dies at `death`), as after a restart. */
function botProcess(death: Death = null) {
  const bot = createBot(
    "1:test",
    {
      db: dyingDb(t.db, death),
      clock: t.clock,
      log: { error: () => {}, warn: () => {} },
      dedupUpdates: true,
      sessionPrefix: "",
      dryRun: false,
      updateTimeoutMs: 10_000,
    },
    { botInfo: TEST_BOT_INFO },
  );
  let nextMessageId = 1;
  captureCalls(bot.api, [], () => nextMessageId++);
  return (update: Update) => bot.handleUpdate(update);
}

/** A person's pace: one order change per interval of the client's allowance (ordering's ORDER_RATE). */
const atPace = <T>(update: T): T => {
  t.clock.advance(1000 / ORDER_RATE.perSecond);
  return update;
};

let nextUpdateId = 950_000;
const tap = (telegramId: number, data: string): Update =>
  ({
    update_id: nextUpdateId++,
    callback_query: {
      id: String(nextUpdateId),
      from: { id: telegramId, is_bot: false, first_name: "Иван" },
      chat_instance: "1",
      data,
      message: {
        message_id: 1,
        date: 0,
        chat: { id: telegramId, type: "private", first_name: "Иван" },
        from: TEST_BOT_INFO,
        text: "…",
      },
    },
  }) as Update;
const text = (telegramId: number, body: string): Update =>
  ({
    update_id: nextUpdateId++,
    message: {
      message_id: nextUpdateId,
      date: 0,
      chat: { id: telegramId, type: "private", first_name: "Иван" },
      from: { id: telegramId, is_bot: false, first_name: "Иван" },
      text: body,
      ...(body.startsWith("/")
        ? { entities: [{ type: "bot_command", offset: 0, length: body.length }] }
        : {}),
    },
  }) as Update;

/** A deterministic generator, so the test kills the same deliveries every run. */
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    return s / 2 ** 31;
  };
}

describe("an update Telegram delivers again after the process died", () => {
  it("a rush of taps, some killed at every point of their handling, is applied exactly once after redelivery", async () => {
    const mods = await Promise.all(
      Array.from({ length: 5 }, () =>
        seedModification(t.db, {
          productId,
          quantity: 10_000,
          tiers: [{ currencyId: rub, quantityFrom: 1, smallWholesale: 100, largeWholesale: 90 }],
        }),
      ),
    );
    const buyers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        seedClient(t.db, { telegramId: 9_500_000 + i, allowedPrice: true }),
      ),
    );
    const next = random(17);
    const deaths: Death[] = [null, "before", "uncommitted", "committed"];
    const taps = buyers.flatMap((buyer) =>
      Array.from({ length: 12 }, () => {
        const mod = mods[Math.floor(next() * mods.length)];
        return {
          update: tap(
            buyer.telegramId ?? 0,
            addData.pack({ modificationId: mod?.id ?? 0, productId, quantity: 1, price: 10_000 }),
          ),
          death: deaths[Math.floor(next() * deaths.length)] ?? null,
        };
      }),
    );
    // The rush: each buyer taps one after another, buyers at once; some deliveries die on the way.
    await Promise.all(
      buyers.map(async (buyer) => {
        for (const { update, death } of taps)
          if (update.callback_query?.from.id === buyer.telegramId)
            await botProcess(death)(atPace(update)).catch(() => {});
      }),
    );
    expect(taps.filter((tp) => tp.death !== null).length).toBeGreaterThan(60);
    // Telegram delivers again every update not confirmed: after a crash, possibly all of them, twice.
    const restarted = botProcess();
    for (const { update } of taps) await restarted(atPace(update));
    for (const { update } of taps) await botProcess()(atPace(update));

    const ordered = await t.db
      .select({ n: sum(orderPositions.quantity).mapWith(Number) })
      .from(orderPositions)
      .innerJoin(orders, eq(orders.id, orderPositions.orderId))
      .where(
        inArray(
          orders.clientId,
          buyers.map((b) => b.id),
        ),
      );
    expect(ordered[0]?.n).toBe(taps.length);
    const stock = await t.db
      .select({ n: sum(modifications.quantity).mapWith(Number) })
      .from(modifications)
      .where(
        inArray(
          modifications.id,
          mods.map((m) => m.id),
        ),
      );
    expect(stock[0]?.n).toBe(mods.length * 10_000 - taps.length);
  }, 120_000);

  it("two deliveries of one tap handled at once by two instances add it once", async () => {
    const mod = await seedModification(t.db, {
      productId,
      quantity: 1000,
      tiers: [{ currencyId: rub, quantityFrom: 1, smallWholesale: 100, largeWholesale: 90 }],
    });
    const buyer = await seedClient(t.db, { telegramId: 9_700_001, allowedPrice: true });
    const data = addData.pack({ modificationId: mod.id, productId, quantity: 1, price: 10_000 });
    for (let i = 0; i < 20; i++) {
      const update = atPace(tap(9_700_001, data));
      await Promise.all([botProcess()(update), botProcess()(update)]);
    }
    const [row] = await t.db.select().from(modifications).where(eq(modifications.id, mod.id));
    expect(row?.quantity).toBe(980);
    const [ordered] = await t.db
      .select({ n: sum(orderPositions.quantity).mapWith(Number) })
      .from(orderPositions)
      .innerJoin(orders, eq(orders.id, orderPositions.orderId))
      .where(eq(orders.clientId, buyer.id));
    expect(ordered?.n).toBe(20);
  });

  it("a claim and a registration killed before their commit are filed once when delivered again", async () => {
    const client = await seedClient(t.db, { telegramId: 9_600_001 });
    for (const death of ["uncommitted", "committed"] as const) {
      await botProcess()(text(9_600_001, "/claim"));
      const claim = text(9_600_001, `Пришёл битый товар (${death})`);
      await botProcess(death)(claim).catch(() => {});
      await botProcess()(claim);
      await botProcess()(claim);
      // The claim's step ended with it: the next message is a search, not a second claim.
      await botProcess()(text(9_600_001, "кабель"));
    }
    const filed = await t.db.select().from(claims).where(eq(claims.clientId, client.id));
    expect(filed.map((c) => c.text).sort()).toEqual([
      "Пришёл битый товар (committed)",
      "Пришёл битый товар (uncommitted)",
    ]);

    const newcomer = botChat(t.db, t.clock, 9_600_002);
    await newcomer.send("/start");
    await newcomer.send("ООО Новая");
    await newcomer.send("Ольга");
    await newcomer.contact("+79005556677");
    const volume = tap(9_600_002, volumeData.pack({ clientType: 3 }));
    await botProcess("uncommitted")(volume).catch(() => {});
    await botProcess()(volume);
    await botProcess()(volume);
    const requests = await t.db
      .select()
      .from(registrationRequests)
      .innerJoin(clients, eq(clients.id, registrationRequests.clientId))
      .where(eq(clients.telegramId, 9_600_002));
    expect(requests).toHaveLength(1);
  });
});
