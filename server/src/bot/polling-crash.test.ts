import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedBrand, seedCurrency, seedModification, seedProduct } from "../db/factories/catalogue.ts";
import { seedClient } from "../db/factories/clients.ts";
import { botUpdates, marketSchedules, orderPositions } from "../db/schema/index.ts";
import { openTestDatabase, type TestDatabase } from "../test/database.ts";
import { type FakeBotApi, startFakeBotApi } from "../test/fake-bot-api.ts";
import { waitUntil } from "../test/wait.ts";
import { addData } from "./callback-data/catalogue.ts";
import { POLLING_CONCURRENCY } from "./run.ts";

/**
 * A kill -9 of the polling instance in the middle of the market's opening rush, driven as Telegram does it:
 * the fake Bot API forgets an update once a getUpdates asks past it. 1,000 taps are queued, the poller is
 * killed after 300 were carried out, and a new one takes over. What the kill may lose is what was being
 * handled at that instant (at most POLLING_CONCURRENCY); nothing may be applied twice.
 */
const TAPS = 1000;
const CLIENTS = 200;

let database: TestDatabase;
let fake: FakeBotApi;
let modificationId: number;
const pollers: ChildProcess[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  fake = await startFakeBotApi();
});
afterAll(async () => {
  for (const poller of pollers) poller.kill("SIGKILL");
  await fake.close();
  await database.close();
});

async function startPoller(): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", fileURLToPath(new URL("../test/poller-process.ts", import.meta.url))],
    {
      env: {
        ...process.env,
        DATABASE_URL: database.url ?? "",
        TELEGRAM_BOT_TOKEN: fake.token,
        TELEGRAM_API_ROOT: fake.apiRoot,
      },
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  pollers.push(child);
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on("data", (chunk: Buffer) => {
      if (chunk.toString().includes("ready")) resolve();
    });
    child.once("exit", (code) => reject(new Error(`the poller process exited (${code})`)));
  });
  return child;
}

const handled = async (ids: number[]) =>
  (
    await database.db
      .select({ id: botUpdates.updateId })
      .from(botUpdates)
      .where(inArray(botUpdates.updateId, ids))
  ).length;

const unitsOrdered = async () =>
  Number(
    (
      await database.db
        .select({ n: sql<string>`coalesce(sum(${orderPositions.quantity}), 0)` })
        .from(orderPositions)
        .where(eq(orderPositions.modificationId, modificationId))
    )[0]?.n ?? 0,
  );

describe.runIf(process.env.TEST_DB === "postgres")("a poller killed in the middle of a rush", () => {
  it("loses at most the updates it was handling and applies none twice", async () => {
    const db = database.db;
    const rub = await seedCurrency(db, { name: "Рубль", sign: "₽" });
    const productId = (await seedProduct(db, { brandId: (await seedBrand(db)).id })).id;
    modificationId = (
      await seedModification(db, {
        productId,
        quantity: 100_000,
        tiers: [{ currencyId: rub.id, quantityFrom: 1, smallWholesale: 100, largeWholesale: 90 }],
      })
    ).id;
    await db.insert(marketSchedules).values({ name: "Открыт", isActive: true, isManuallyOpened: true });
    const chats: number[] = [];
    for (let i = 0; i < CLIENTS; i++) {
      chats.push(Number((await seedClient(db, { allowedPrice: true })).telegramId));
    }
    // Five taps a client (within the per-client burst), each one unit at the price its screen showed.
    const ids = Array.from({ length: TAPS }, (_, i) => {
      const chat = chats[i % CLIENTS] ?? 0;
      const update = fake.pushUpdate({
        callback_query: {
          id: `tap-${i}`,
          from: { id: chat, is_bot: false, first_name: "Покупатель" },
          message: { message_id: 1, date: 0, chat: { id: chat, type: "private" }, text: "…" },
          chat_instance: String(chat),
          data: addData.pack({ modificationId, productId, quantity: 1, price: 10_000 }),
        },
      });
      return Number(update.update_id);
    });

    const first = await startPoller();
    await waitUntil("300 taps carried out", async () => (await handled(ids)) >= 300, 120_000);
    first.kill("SIGKILL");
    await new Promise((resolve) => first.once("exit", resolve));
    const handledAtKill = await handled(ids);

    await startPoller();
    await waitUntil("Telegram's queue to be emptied", () => fake.unconfirmed() === 0, 120_000);
    let last = -1;
    await waitUntil(
      "the taps redelivered after the kill to be carried out",
      async () => {
        const now = await handled(ids);
        const settled = now === last;
        last = now;
        return settled;
      },
      120_000,
      1000,
    );

    const lost = TAPS - last;
    expect(lost, `taps lost, with ${handledAtKill} carried out at the kill`).toBeLessThanOrEqual(
      POLLING_CONCURRENCY,
    );
    // One unit a tap: a tap applied twice would order more units than taps were recorded.
    expect(await unitsOrdered()).toBe(last);
  }, 300_000);
});
