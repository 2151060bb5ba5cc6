import pg from "pg";
import { describe, expect, it, vi } from "vitest";
import { openTestDatabase } from "../test/database.ts";
import { isDatabaseUp } from "./client.ts";

describe.runIf(process.env.TEST_DB === "postgres")("PostgreSQL pool", () => {
  it("survives its idle connections being terminated and reconnects", async () => {
    const database = await openTestDatabase();
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const name = new URL(database.url ?? "").pathname.slice(1);
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      await admin.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()",
        [name],
      );
      await admin.end();
      await new Promise((r) => setTimeout(r, 200));
      expect(await isDatabaseUp(database.db)).toBe(true);
      expect(logged).toHaveBeenCalledWith(expect.stringContaining("database connection lost"));
    } finally {
      logged.mockRestore();
      await database.close();
    }
  });
});
