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

/**
 * The backends `admin` holds up now: each waits on a lock `admin`'s transaction holds. Only those, not every
 * backend waiting on a lock: a NOTIFY waits a moment on the cluster's one notification queue while another
 * database's transaction commits, and must not be taken for the statement a test cut off.
 */
export async function blockedBy(admin: pg.Client): Promise<number[]> {
  await admin.query("select pg_stat_clear_snapshot()");
  const { rows } = await admin.query<{ pid: number }>(
    `select pid from pg_stat_activity
     where datname = current_database() and pg_backend_pid() = any(pg_blocking_pids(pid))`,
  );
  return rows.map((r) => r.pid);
}

/** Ends the backend of `pid`, as a failover or an administrator would: its statement fails, its connection goes. */
export async function terminateBackend(admin: pg.Client, pid: number): Promise<void> {
  await admin.query("select pg_terminate_backend($1)", [pid]);
}
