import pg from "pg";
import { type Database, openPglite, openPostgres } from "../../server/src/db/client.ts";

export type ScratchDatabase = Database & { drop: () => Promise<void>; url?: string; name?: string };

/**
 * The database a bench runs on: embedded PGlite (`kind` "pglite"), or a scratch database made on
 * BENCH_DATABASE_URL's server (default the machine's PostgreSQL) and dropped by `drop`.
 */
export async function scratchDatabase(
  kind: "pglite" | "postgres",
  prefix: string,
  poolSize: number,
): Promise<ScratchDatabase> {
  if (kind === "pglite") {
    const database = await openPglite();
    return { ...database, drop: database.close };
  }
  const serverUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const name = `${prefix}_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString(), { max: poolSize });
  return {
    ...database,
    url: url.toString(),
    name,
    drop: async () => {
      await database.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      // pg-pool's end() resolves before its idle connections have closed: dropping at once would cut them off
      // (and the pool would log each as lost). They are given a few seconds; FORCE ends any that linger.
      for (let i = 0; i < 50; i++) {
        const { rows } = await dropper.query(
          "select count(*)::int as n from pg_stat_activity where datname = $1",
          [name],
        );
        if (rows[0]?.n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
