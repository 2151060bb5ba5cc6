import { randomBytes } from "node:crypto";
import { count, sql } from "drizzle-orm";
import type { Config } from "../config.ts";
import type { Clock } from "../lib/clock.ts";
import { hashPassword } from "../lib/passwords.ts";
import type { Db } from "./client.ts";
import { DEMO_STAFF, isEmptyForDemo, seedDemo } from "./demo/demo.ts";
import { accounts } from "./schema/index.ts";

type Say = (message: string) => void;

/**
 * Start-up data: the configured superuser (created, or its password reset), the first-start admin of an
 * embedded database, and demo data for an empty database when SEED_DEMO is on.
 */
export async function bootstrap(db: Db, config: Config, clock: Clock, say: Say): Promise<void> {
  let firstStartPassword: string | undefined;

  if (config.admin) {
    await upsertSuperuser(db, config.admin.username, config.admin.password);
  } else if (!config.databaseUrl && (await accountCount(db)) === 0) {
    firstStartPassword = randomBytes(9).toString("base64url");
    await upsertSuperuser(db, "admin", firstStartPassword);
    say(
      [
        "",
        "  First start: a superuser was created. This password is shown only once:",
        `    login:    admin`,
        `    password: ${firstStartPassword}`,
        "",
      ].join("\n"),
    );
  }

  if (config.seedDemo && (await isEmptyForDemo(db))) {
    // Demo staff share the admin's password, so whoever starts the demo can sign in as every role.
    const password = config.admin?.password ?? firstStartPassword ?? randomBytes(9).toString("base64url");
    const summary = await seedDemo(db, { now: clock.now(), password });
    say(
      `  Demo data: ${summary.modifications} modifications, ${summary.clients} clients, 30 days of orders.\n` +
        `  Demo staff (${DEMO_STAFF.map((s) => `${s.username} — ${s.role}`).join(", ")}) use the same password` +
        `${config.admin ? " as ADMIN_PASSWORD" : firstStartPassword ? " as admin" : `: ${password}`}.\n`,
    );
  }
}

async function accountCount(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(accounts);
  return row?.n ?? 0;
}

async function upsertSuperuser(db: Db, username: string, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  const updated = await db
    .update(accounts)
    .set({
      passwordHash,
      isSuperuser: true,
      isActive: true,
      tokenVersion: sql`${accounts.tokenVersion} + 1`,
    })
    .where(sql`lower(${accounts.username}) = lower(${username})`)
    .returning({ id: accounts.id });
  if (updated.length === 0) {
    await db.insert(accounts).values({ username, passwordHash, isSuperuser: true, isOffice: true });
  }
}
