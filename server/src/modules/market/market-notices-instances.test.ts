import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openPglite, openPostgres } from "../../db/client.ts";
import { seedClient, seedGroup } from "../../db/factories/clients.ts";
import {
  marketScheduleGroups,
  marketSchedules,
  outboxMessages,
  timeIntervals,
} from "../../db/schema/index.ts";
import { runMarketTick } from "./market-notices.ts";

/**
 * Two server instances on one database: on PostgreSQL (TEST_DB=postgres) two separate pools racing for
 * the same notices; on PGlite one database shared by two callers.
 */
let instances: [Database, Database];
let dropDatabase = async () => {};
beforeAll(async () => {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (process.env.TEST_DB !== "postgres" || !adminUrl) {
    const database = await openPglite();
    instances = [database, database];
    return;
  }
  const name = `wholesale_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  instances = [
    await openPostgres(url.toString(), { max: 3 }),
    await openPostgres(url.toString(), { max: 3 }),
  ];
  dropDatabase = async () => {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  };
});
afterAll(async () => {
  await instances[0].close();
  if (instances[1] !== instances[0]) await instances[1].close();
  await dropDatabase();
});

const msk = (iso: string) => new Date(`${iso}+03:00`);

describe("market notices with two instances", () => {
  it("each «preStart» and «end» reaches each client exactly once", async () => {
    const [a, b] = instances;
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
  });
});
