import { asc, count, eq, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../../test/database.ts";
import type { Database } from "../client.ts";
import {
  accounts,
  botTexts,
  brands,
  claims,
  clientGroups,
  clientMessages,
  clients,
  collectionGroups,
  marketSchedules,
  modifications,
  orderPositions,
  orders,
  organizations,
  priceTiers,
  products,
  registrationRequests,
  transportations,
} from "../schema/index.ts";
import { isEmptyForDemo, seedDemo } from "./demo.ts";

const NOW = new Date("2026-11-22T11:30:00Z");
let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
  await seedDemo(database.db, { now: NOW, password: "demo-password" });
}, 120_000);
afterAll(() => database.close());

async function total(table: PgTable): Promise<number> {
  const [row] = await database.db.select({ n: count() }).from(table);
  return row?.n ?? 0;
}

describe("demo data", () => {
  it("has the demo's size: 15 brands, 150 products, 600 modifications, 200 clients", async () => {
    expect(await total(brands)).toBe(15);
    expect(await total(products)).toBe(150);
    expect(await total(modifications)).toBe(600);
    expect(await total(priceTiers)).toBeGreaterThan(600);
    expect(await total(clientGroups)).toBe(5);
    expect(await total(transportations)).toBe(6);
    expect(await total(collectionGroups)).toBe(3);
    expect(await total(organizations)).toBe(4);
    expect(await total(clients)).toBe(200);
    expect(await total(claims)).toBeGreaterThan(5);
    expect(await total(clientMessages)).toBeGreaterThan(2);
    expect(await total(marketSchedules)).toBe(3);
    expect(await total(botTexts)).toBe(6);
    expect(await total(registrationRequests)).toBeGreaterThan(0);
    expect(await isEmptyForDemo(database.db)).toBe(false);
  });

  it("has staff of every role and clients in every status", async () => {
    const staff = await database.db.select().from(accounts);
    expect(
      staff.some((a) => a.isOffice) && staff.some((a) => a.isStorehouse) && staff.some((a) => a.isSeller),
    ).toBe(true);
    const [statuses] = await database.db
      .select({
        banned: sql<number>`count(*) filter (where ${clients.banned})`.mapWith(Number),
        permanent: sql<number>`count(*) filter (where ${clients.permanentBanned})`.mapWith(Number),
        suspicious: sql<number>`count(*) filter (where ${clients.suspicious})`.mapWith(Number),
        inactive: sql<number>`count(*) filter (where not ${clients.isActive})`.mapWith(Number),
        small: sql<number>`count(*) filter (where ${clients.clientType} = 3)`.mapWith(Number),
        large: sql<number>`count(*) filter (where ${clients.clientType} = 2)`.mapWith(Number),
      })
      .from(clients);
    for (const n of Object.values(statuses ?? {})) expect(n).toBeGreaterThan(0);
  });

  it("has 30 days of orders up to today, today's positions in all three statuses and none in the future", async () => {
    const days = await database.db
      .selectDistinct({ day: orders.openedOn })
      .from(orders)
      .orderBy(asc(orders.openedOn));
    expect(days).toHaveLength(30);
    expect(days.at(-1)?.day).toBe("2026-11-22");
    const today = await database.db
      .selectDistinct({ status: orderPositions.status })
      .from(orderPositions)
      .innerJoin(orders, eq(orders.id, orderPositions.orderId))
      .where(eq(orders.openedOn, "2026-11-22"));
    expect(today.map((r) => r.status).sort()).toEqual(["added", "collected", "sent_to_collect"]);
    const [future] = await database.db
      .select({ n: count() })
      .from(orders)
      .where(sql`${orders.openedAt} > ${NOW.toISOString()}`);
    expect(future?.n).toBe(0);
  });

  it("is the same on every run (seeded)", async () => {
    const other = await openTestDatabase();
    try {
      await seedDemo(other.db, { now: NOW, password: "demo-password" });
      const names = (db: Database["db"]) =>
        db
          .select({ name: clients.nickname, phone: clients.phoneNumber })
          .from(clients)
          .orderBy(asc(clients.id));
      expect(await names(other.db)).toEqual(await names(database.db));
    } finally {
      await other.close();
    }
  }, 120_000);
});
