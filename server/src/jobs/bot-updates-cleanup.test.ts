import { afterAll, beforeAll, expect, it } from "vitest";
import type { Database } from "../db/client.ts";
import { botUpdates } from "../db/schema/index.ts";
import { fixedClock } from "../lib/clock.ts";
import { openTestDatabase } from "../test/database.ts";
import { BOT_UPDATES_KEPT_MS, forgetOldBotUpdates } from "./bot-updates-cleanup.ts";

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

it("forgets taken update ids older than the retention and keeps the recent ones", async () => {
  const now = new Date("2026-11-22T12:00:00Z");
  const ago = (ms: number) => new Date(now.getTime() - ms);
  await database.db.insert(botUpdates).values([
    { updateId: 1, receivedAt: ago(BOT_UPDATES_KEPT_MS + 1000) },
    { updateId: 2, receivedAt: ago(BOT_UPDATES_KEPT_MS - 1000) },
    { updateId: 3, receivedAt: now },
  ]);
  expect(await forgetOldBotUpdates({ db: database.db, clock: fixedClock(now) })).toBe(1);
  const left = await database.db.select({ id: botUpdates.updateId }).from(botUpdates);
  expect(left.map((r) => r.id).sort()).toEqual([2, 3]);
});
