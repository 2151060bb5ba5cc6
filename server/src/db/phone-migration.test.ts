import { readFile } from "node:fs/promises";
import { normalizePhone } from "@wholesale/contract";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase, type TestDatabase } from "../test/database.ts";
import { seedClient } from "./factories/clients.ts";
import { clients } from "./schema/index.ts";

// Migration 0017 runs again on a database already migrated to the end, over phones stored as the back-office
// once stored them: as typed.
const migration = new URL("./migrations/0017_normalize_phones.sql", import.meta.url);

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

describe("migration 0017: clients' phones as normalizePhone writes them", () => {
  it("rewrites every phone normalizePhone reads, leaves anything else, and is the same function", async () => {
    const { db } = database;
    const typed = [
      "8 (912) 345-67-89",
      " +7 912 345 67 89",
      "9123456789",
      "+44 20 7946 0958",
      "+79123456789",
    ];
    const kept = ["звонить менеджеру", "123", ""];
    const ids = [];
    for (const phoneNumber of [...typed, ...kept, null]) ids.push((await seedClient(db, { phoneNumber })).id);
    const text = await readFile(migration, "utf8");
    await db.execute(sql.raw(text));
    const stored = [];
    for (const id of ids) {
      const [row] = await db.select({ phone: clients.phoneNumber }).from(clients).where(eq(clients.id, id));
      stored.push(row?.phone);
    }
    expect(stored).toEqual([...typed.map(normalizePhone), ...kept, null]);
    expect(stored.slice(0, 3)).toEqual(["+79123456789", "+79123456789", "+79123456789"]);
  });
});
