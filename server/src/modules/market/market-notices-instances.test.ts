import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app.ts";
import { createTelegramApi } from "../../bot/telegram-api.ts";
import type { Database } from "../../db/client.ts";
import { seedClient, seedGroup } from "../../db/factories/clients.ts";
import {
  marketScheduleGroups,
  marketSchedules,
  outboxMessages,
  timeIntervals,
} from "../../db/schema/index.ts";
import { systemClock } from "../../lib/clock.ts";
import { TEST_SECRET } from "../../test/app.ts";
import { openTestDatabase, secondInstance } from "../../test/database.ts";
import { type FakeBotApi, startFakeBotApi } from "../../test/fake-bot-api.ts";
import { waitUntil } from "../../test/wait.ts";
import { DEFAULT_BOT_TEXTS } from "../bot-texts/index.ts";
import { runMarketTick } from "./market-notices.ts";

/**
 * Two server instances on one database: on PostgreSQL (TEST_DB=postgres) two separate pools racing for
 * the same notices; on PGlite one database shared by two callers.
 */
let instances: [Database, Database];
let fake: FakeBotApi;
const apps: FastifyInstance[] = [];
beforeAll(async () => {
  fake = await startFakeBotApi();
  const first = await openTestDatabase();
  instances = [first, await secondInstance(first)];
});
afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
  await fake.close();
  await instances[1].close();
  await instances[0].close();
});

const msk = (iso: string) => new Date(`${iso}+03:00`);

describe("market notices with two instances", () => {
  it("each «preStart» and «end» reaches each client exactly once, through the delivery worker", async () => {
    const [a, b] = instances;
    // Each instance also runs the delivery worker against the fake Bot API.
    for (const instance of [a, b]) {
      const app = await buildApp({
        db: instance.db,
        clock: systemClock,
        jwtSecret: TEST_SECRET,
        webDist: null,
        delivery: {
          api: createTelegramApi({ token: fake.token, apiRoot: fake.apiRoot }),
          ratePerSecond: 500,
          retentionMs: 24 * 60 * 60 * 1000,
          idleMs: 20,
        },
      });
      await app.ready();
      apps.push(app);
    }
    const db = a.db;
    const morning = await seedGroup(db);
    const evening = await seedGroup(db);
    const morningClients = await Promise.all(
      Array.from({ length: 30 }, () => seedClient(db, { groupId: morning.id })),
    );
    const eveningClients = await Promise.all(
      Array.from({ length: 20 }, () => seedClient(db, { groupId: evening.id })),
    );
    const [s1, s2, s3] = await db
      .insert(marketSchedules)
      .values([{ name: "Утро" }, { name: "Утро, дубль" }, { name: "Вечер" }])
      .returning();
    if (!s1 || !s2 || !s3) throw new Error("schedules not created");
    // Two schedules open the morning group at the same moment: one message each, not two.
    await db.insert(marketScheduleGroups).values([
      { scheduleId: s1.id, groupId: morning.id },
      { scheduleId: s2.id, groupId: morning.id },
      { scheduleId: s3.id, groupId: evening.id },
    ]);
    await db.insert(timeIntervals).values([
      { scheduleId: s1.id, startTime: "10:00", endTime: "12:00" },
      { scheduleId: s2.id, startTime: "10:00", endTime: "12:00" },
      { scheduleId: s3.id, startTime: "23:00", endTime: "00:30" },
    ]);

    const ticks = [
      "2026-11-20T09:55:00",
      "2026-11-20T09:56:30",
      "2026-11-20T12:00:00",
      "2026-11-20T12:00:15",
      "2026-11-20T22:55:01",
      "2026-11-21T00:30:00",
      "2026-11-21T00:35:00",
    ];
    for (const at of ticks) {
      // Both instances, at once, several times.
      await Promise.all([a, b, a, b].map((instance) => runMarketTick(instance.db, msk(at))));
    }

    const rows = await db.select().from(outboxMessages);
    const count = (kind: string, clientId: number) =>
      rows.filter((r) => r.kind === kind && r.clientId === clientId).length;
    for (const c of [...morningClients, ...eveningClients]) {
      expect(count("market_pre_start", c.id)).toBe(1);
      expect(count("market_end", c.id)).toBe(1);
    }
    expect(rows).toHaveLength(2 * 50);

    await waitUntil("every notice to be sent and recorded", async () => {
      const waiting = await db.select().from(outboxMessages).where(eq(outboxMessages.status, "pending"));
      return waiting.length === 0;
    });
    const sent = fake.callsTo("sendMessage").map((c) => `${c.payload.chat_id}: ${c.payload.text}`);
    expect(sent).toHaveLength(100);
    expect(new Set(sent).size).toBe(100);
    for (const c of [...morningClients, ...eveningClients]) {
      expect(sent).toContain(`${c.telegramId}: ${DEFAULT_BOT_TEXTS.pre_start}`);
      expect(sent).toContain(`${c.telegramId}: ${DEFAULT_BOT_TEXTS.end}`);
    }
  });
});
