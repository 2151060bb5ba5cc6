import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createDeliveryWorker, type DeliveryWorker } from "../../bot/delivery/worker.ts";
import { createTelegramApi } from "../../bot/telegram-api.ts";
import type { Db } from "../../db/client.ts";
import { clients, modifications, outboxMessages, stockWaits } from "../../db/schema/index.ts";
import { openButton } from "../../jobs/stock-waits.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { secondInstance } from "../../test/database.ts";
import { type FakeBotApi, startFakeBotApi } from "../../test/fake-bot-api.ts";
import { TEST_WEBAPP_URL, waitsFixture } from "../../test/stock-waits.ts";
import { WAIT_CEILING_MS, waitUntil } from "../../test/wait.ts";
import { createOrderingService } from "../ordering/index.ts";
import { announceStockBack, WITHDRAWN } from "./index.ts";

let t: TestApp;
let f: Awaited<ReturnType<typeof waitsFixture>>;
let fake: FakeBotApi;
beforeAll(async () => {
  t = await createTestApp();
  f = await waitsFixture(t);
  fake = await startFakeBotApi();
});
afterAll(async () => {
  await fake.close();
  await t.close();
});

const setQuantity = (id: number, quantity: number) =>
  t.db.update(modifications).set({ quantity }).where(eq(modifications.id, id));
const sendsTo = (chatId: number | null) =>
  fake.callsTo("sendMessage").filter((c) => Number(c.payload.chat_id) === chatId);

describe("checked when its turn comes", () => {
  let worker: DeliveryWorker;
  beforeEach(() => {
    worker = createDeliveryWorker({
      db: t.db,
      api: createTelegramApi({ token: fake.token, apiRoot: fake.apiRoot }),
      ratePerSecond: 50,
      retentionMs: 24 * 60 * 60 * 1000,
      idleMs: 20,
    });
  });
  afterEach(() => worker.stop());

  const settled = (clientId: number) =>
    waitUntil("the client's stock-back messages to be dealt with", async () =>
      (await f.messagesTo(clientId)).every((m) => m.status !== "pending"),
    );

  it("a wait cancelled before its message leaves: nothing is sent", async () => {
    const { client, call } = await f.clientWithToken();
    const mod = await f.soldOut();
    const wait = await f.asked(call, mod.id);
    await setQuantity(mod.id, 5);
    expect(await f.announce()).toBe(1);
    expect((await call({ method: "DELETE", url: `/api/app/waits/${wait.id}/` })).statusCode).toBe(204);
    worker.start();
    await settled(client.id);
    expect(await f.messagesTo(client.id)).toMatchObject([
      { status: "withdrawn", lastError: WITHDRAWN.cancelled },
    ]);
    expect(sendsTo(client.telegramId)).toEqual([]);
    expect(await f.waitRow(wait.id)).toMatchObject({ state: "cancelled" });
  });

  it("stock that fell back to zero: not sent, the wait pending again, told once it is back", async () => {
    const { client, call } = await f.clientWithToken();
    const mod = await f.soldOut();
    const wait = await f.asked(call, mod.id);
    await setQuantity(mod.id, 5);
    expect(await f.announce()).toBe(1);
    await setQuantity(mod.id, 0);
    worker.start();
    await settled(client.id);
    expect(await f.messagesTo(client.id)).toMatchObject([{ status: "withdrawn", lastError: WITHDRAWN.gone }]);
    expect(await f.waitRow(wait.id)).toMatchObject({ state: "pending", outboxId: null, announcedAt: null });
    expect(await f.list(call)).toHaveLength(1);

    await setQuantity(mod.id, 2);
    expect(await f.announce()).toBe(1);
    await waitUntil("the message to be sent", () => sendsTo(client.telegramId).length === 1);
    await settled(client.id);
    expect(sendsTo(client.telegramId)).toHaveLength(1);
    expect(sendsTo(client.telegramId)[0]?.payload.reply_markup).toEqual({
      inline_keyboard: [
        [{ text: "Открыть в каталоге", web_app: { url: `${TEST_WEBAPP_URL}?modification=${mod.id}` } }],
      ],
    });
    expect(await f.waitRow(wait.id)).toMatchObject({ state: "announced" });
  });
});

/** `count` clients with chats, each waiting for one of `mods` in turn, written in bulk. */
async function waitsInBulk(count: number, mods: number[], firstChat: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < count; i += 1000) {
    const made = await t.db
      .insert(clients)
      .values(
        Array.from({ length: Math.min(1000, count - i) }, (_, k) => ({
          nickname: `Ждущий ${firstChat + i + k}`,
          telegramId: firstChat + i + k,
          clientType: 3,
          isActive: true,
          allowedPrice: true,
        })),
      )
      .returning({ id: clients.id });
    ids.push(...made.map((c) => c.id));
  }
  const expiresAt = new Date(Date.now() + 14 * 86_400_000);
  for (let i = 0; i < ids.length; i += 1000) {
    await t.db.insert(stockWaits).values(
      ids.slice(i, i + 1000).map((clientId, k) => ({
        clientId,
        modificationId: mods[(i + k) % mods.length] ?? 0,
        createdAt: t.clock.now(),
        expiresAt,
      })),
    );
  }
  return ids;
}

const waitsOf = (clientIds: number[]) =>
  t.db.select().from(stockWaits).where(inArray(stockWaits.clientId, clientIds));

describe("exactly once", () => {
  it("two instances announcing the same restock at once tell each wait once", async () => {
    const mods = await Promise.all(Array.from({ length: 20 }, () => f.soldOut()));
    const ids = await waitsInBulk(
      200,
      mods.map((m) => m.id),
      961_000_000,
    );
    await t.db
      .update(modifications)
      .set({ quantity: 50 })
      .where(
        inArray(
          modifications.id,
          mods.map((m) => m.id),
        ),
      );
    const other = await secondInstance(t.database);
    try {
      const on = (db: Db) => ({
        db,
        clock: t.clock,
        ordering: createOrderingService({ db, clock: t.clock }),
        button: openButton(TEST_WEBAPP_URL),
      });
      const told = await Promise.all([t.db, other.db, t.db, other.db].map((db) => announceStockBack(on(db))));
      expect(told.reduce((a, b) => a + b, 0)).toBe(200);
    } finally {
      await other.close();
    }
    const waits = await waitsOf(ids);
    expect(waits.every((w) => w.state === "announced")).toBe(true);
    const rows = await t.db
      .select({ id: outboxMessages.id, clientId: outboxMessages.clientId })
      .from(outboxMessages)
      .where(inArray(outboxMessages.clientId, ids));
    expect(rows).toHaveLength(200);
    expect(new Set(rows.map((r) => r.clientId)).size).toBe(200);
    expect(new Set(waits.map((w) => w.outboxId))).toEqual(new Set(rows.map((r) => r.id)));
  });

  it.skipIf(process.env.TEST_DB !== "postgres")(
    "a kill -9 between the restock and the sends: each wait is told once, none is lost",
    async () => {
      // Three of the announcer's batches: the kill lands after the first is queued, most often before the last.
      const mods = await Promise.all(Array.from({ length: 20 }, () => f.soldOut()));
      const ids = await waitsInBulk(
        600,
        mods.map((m) => m.id),
        962_000_000,
      );
      const announced = async () => (await waitsOf(ids)).filter((w) => w.state === "announced").length;
      const first = await startProcess({ sweepMs: 60_000, deliver: false });
      try {
        await t.db
          .update(modifications)
          .set({ quantity: 500 })
          .where(
            inArray(
              modifications.id,
              mods.map((m) => m.id),
            ),
          );
        await waitUntil("the first waits to be announced", async () => (await announced()) > 0, 90_000, 5);
      } finally {
        first.kill("SIGKILL");
      }
      const killedAt = await announced();
      const second = await startProcess({ sweepMs: 200, deliver: true });
      try {
        let progress = "";
        await waitUntil(
          () => `every wait to be told and its message sent (${progress} of ${ids.length})`,
          async () => {
            const [row] = await t.db
              .select({
                pending: sql<number>`count(*) filter (where ${outboxMessages.status} = 'pending')`.mapWith(
                  Number,
                ),
              })
              .from(outboxMessages)
              .where(inArray(outboxMessages.clientId, ids));
            const told = await announced();
            progress = `${told} announced, ${row?.pending} unsent`;
            return told === ids.length && row?.pending === 0;
          },
          // Each wait is judged, vetted and sent on its own: on a starved machine that is slower by tens.
          3 * WAIT_CEILING_MS,
        );
      } finally {
        second.kill("SIGKILL");
      }
      expect(killedAt).toBeLessThanOrEqual(ids.length);
      const chats = fake
        .callsTo("sendMessage")
        .map((c) => Number(c.payload.chat_id))
        .filter((chat) => chat >= 962_000_000 && chat < 962_000_000 + ids.length);
      expect(chats).toHaveLength(ids.length);
      expect(new Set(chats).size).toBe(ids.length);
    },
    // Two processes started, the announcement awaited and every message awaited, each with its own ceiling.
    10 * 60_000,
  );
});

/** The stock waits' jobs in a process of their own, on this file's PostgreSQL database. */
async function startProcess(settings: { sweepMs: number; deliver: boolean }): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", fileURLToPath(new URL("../../test/stock-waits-process.ts", import.meta.url))],
    {
      env: {
        ...process.env,
        DATABASE_URL: t.database.url ?? "",
        SWEEP_MS: String(settings.sweepMs),
        ...(settings.deliver
          ? { TELEGRAM_BOT_TOKEN: fake.token, TELEGRAM_API_ROOT: fake.apiRoot, RATE_PER_SECOND: "200" }
          : {}),
      },
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on("data", (chunk: Buffer) => {
      if (chunk.toString().includes("ready")) resolve();
    });
    child.once("exit", (code) => reject(new Error(`the stock waits' process exited (${code})`)));
  });
  return child;
}
