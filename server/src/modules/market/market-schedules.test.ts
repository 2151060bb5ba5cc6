import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client.ts";
import { seedClient, seedGroup, seedTransportation } from "../../db/factories/clients.ts";
import {
  botTexts,
  CLIENT_TYPE_LARGE,
  marketScheduleClients,
  marketScheduleGroups,
  marketSchedules,
  marketScheduleTransportations,
  timeIntervals,
} from "../../db/schema/index.ts";
import { openTestDatabase } from "../../test/database.ts";
import { DEFAULT_BOT_TEXTS, latestBotText } from "../bot-texts/index.ts";
import { marketStateForClient, overallMarketState } from "./market-schedules.ts";

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());
const msk = (iso: string) => new Date(`${iso}+03:00`);

describe("marketStateForClient", () => {
  it("reads schedules, intervals and every kind of targeting from the database", async () => {
    const db = database.db;
    const group = await seedGroup(db);
    const direction = await seedTransportation(db);
    const inGroup = await seedClient(db, { groupId: group.id });
    const onDirection = await seedClient(db, { transportationId: direction.id });
    const large = await seedClient(db, { clientType: CLIENT_TYPE_LARGE });
    const named = await seedClient(db);
    const nobody = await seedClient(db);

    const [day, night, off] = await db
      .insert(marketSchedules)
      .values([
        { name: "День для группы" },
        { name: "Ночь", clientTypes: [CLIENT_TYPE_LARGE] },
        { name: "Выключено", isActive: false },
      ])
      .returning();
    if (!day || !night || !off) throw new Error("schedules not created");
    await db.insert(timeIntervals).values([
      { scheduleId: day.id, startTime: "09:00", endTime: "18:00" },
      { scheduleId: night.id, startTime: "22:00", endTime: "02:00" },
      { scheduleId: off.id, startTime: "00:00", endTime: "23:59" },
    ]);
    await db.insert(marketScheduleGroups).values({ scheduleId: day.id, groupId: group.id });
    await db
      .insert(marketScheduleTransportations)
      .values({ scheduleId: day.id, transportationId: direction.id });
    await db.insert(marketScheduleClients).values({ scheduleId: night.id, clientId: named.id });

    const noon = msk("2026-11-20T12:00:00");
    for (const c of [inGroup, onDirection]) {
      expect(await marketStateForClient(db, c.id, noon)).toEqual({
        open: true,
        openUntil: msk("2026-11-20T18:00:00"),
        nextOpenAt: null,
        scheduleNames: ["День для группы"],
      });
    }
    for (const c of [large, named]) {
      expect(await marketStateForClient(db, c.id, noon)).toEqual({
        open: false,
        openUntil: null,
        nextOpenAt: msk("2026-11-20T22:00:00"),
        scheduleNames: [],
      });
      expect((await marketStateForClient(db, c.id, msk("2026-11-21T01:59:00"))).open).toBe(true);
    }
    expect(await marketStateForClient(db, nobody.id, noon)).toEqual({
      open: false,
      openUntil: null,
      nextOpenAt: null,
      scheduleNames: [],
    });
    expect((await marketStateForClient(db, 999_999, noon)).open).toBe(false);
    expect((await overallMarketState(db, noon)).scheduleNames).toEqual(["День для группы"]);
  });
});

describe("latestBotText", () => {
  it("gives the default until a text is saved, then the latest one", async () => {
    const db = database.db;
    expect(await latestBotText(db, "start")).toBe(DEFAULT_BOT_TEXTS.start);
    await db
      .insert(botTexts)
      .values({ kind: "start", text: "Первый", createdAt: new Date("2026-11-20T09:00:00Z") });
    await db
      .insert(botTexts)
      .values({ kind: "start", text: "Второй", createdAt: new Date("2026-11-20T10:00:00Z") });
    await db
      .insert(botTexts)
      .values({ kind: "end", text: "Конец", createdAt: new Date("2026-11-20T11:00:00Z") });
    expect(await latestBotText(db, "start")).toBe("Второй");
    expect(await latestBotText(db, "end")).toBe("Конец");
  });
});
