import { sql } from "drizzle-orm";
import pg from "pg";
import { describe, expect, it, vi } from "vitest";
import { pgliteOf } from "../backup/embedded-backups.ts";
import { openTestDatabase } from "../test/database.ts";
import { waitUntil } from "../test/wait.ts";
import { isDatabaseWritable, openPglite, openPostgres } from "./client.ts";

describe.runIf(process.env.TEST_DB !== "postgres")("embedded PGlite", () => {
  it("opened in memory from a data directory's tarball, holds what the tarball holds", async () => {
    const source = await openTestDatabase();
    await source.db.execute(sql`create table copied (note text)`);
    await source.db.execute(sql`insert into copied values ('kept')`);
    const tarball = await pgliteOf(source.db).dumpDataDir("none");
    await source.close();
    const copy = await openPglite(undefined, tarball);
    try {
      expect(await copy.db.execute(sql`select note from copied`)).toMatchObject({ rows: [{ note: "kept" }] });
    } finally {
      await copy.close();
    }
  });
});

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
      await waitUntil("the loss to be logged", () =>
        logged.mock.calls.some((call) => String(call[0]).includes("database connection lost")),
      );
      expect(await isDatabaseWritable(database.db)).toBe(true);
    } finally {
      logged.mockRestore();
      await database.close();
    }
  });

  it("gets a connection back when a transaction's BEGIN meets a lost connection", async () => {
    const database = await openTestDatabase();
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    // One connection: a connection the transaction failed to give back would leave the next one waiting forever.
    const single = await openPostgres(database.url ?? "", { max: 1 });
    try {
      const pool = (single.db as unknown as { $client: pg.Pool }).$client;
      // The connection dies as it is handed out, before BEGIN: the window a database restart leaves under load.
      pool.once("acquire", (client) => {
        (
          client as unknown as { connection: { stream: { destroy: () => void } } }
        ).connection.stream.destroy();
      });
      await expect(single.db.transaction((tx) => tx.execute(sql`select 1`))).rejects.toThrow();
      const next = single.db.transaction(async (tx) => {
        await tx.execute(sql`select 2`);
        return "committed";
      });
      expect(await next).toBe("committed");
      expect(pool.totalCount).toBe(1);
    } finally {
      logged.mockRestore();
      await single.close();
      await database.close();
    }
  });
});
