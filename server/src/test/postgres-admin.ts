import pg from "pg";

/** One statement on the server's own connection: databases are created and dropped from outside them. */
export async function adminStatement(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * How many of this database's backends wait on a lock, as `admin` (a connection of the test's own, perhaps
 * inside the transaction holding the lock) sees it now: activity is read once per transaction unless the
 * snapshot is dropped.
 */
export async function lockWaiters(admin: pg.Client): Promise<number> {
  await admin.query("select pg_stat_clear_snapshot()");
  const { rows } = await admin.query<{ n: number }>(
    `select count(*)::int as n from pg_stat_activity
     where datname = current_database() and wait_event_type = 'Lock'`,
  );
  return rows[0]?.n ?? 0;
}
