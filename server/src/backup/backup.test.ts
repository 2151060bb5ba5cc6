import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TOrderPage } from "@wholesale/contract";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.ts";
import { type Database, openPglite } from "../db/client.ts";
import { seedAccount } from "../db/factories/accounts.ts";
import { seedCurrency, seedModification } from "../db/factories/catalogue.ts";
import { seedClient } from "../db/factories/clients.ts";
import { marketSchedules } from "../db/schema/index.ts";
import { runDailyBackup } from "../jobs/daily-backup.ts";
import { fixedClock } from "../lib/clock.ts";
import { createOrderingService, ORDER_RATE } from "../modules/ordering/index.ts";
import { TEST_SECRET } from "../test/app.ts";
import { WAIT_CEILING_MS, waitUntil } from "../test/wait.ts";
import { claimDataDir, controlSocketPath, DataDirInUse, sendCommand } from "./data-dir-claim.ts";
import { createEmbeddedBackups, listBackups, pgliteOf } from "./embedded-backups.ts";
import { RestoreRefused, restoreBackup } from "./restore-backup.ts";
import { serveBackups, takeBackup } from "./take-backup.ts";

// Backups are of the embedded database: this file opens PGlite in folders of its own whatever database the
// suite runs on, so it runs once, in the PGlite project.
const onPostgres = process.env.TEST_DB === "postgres";

const NOW = "2026-11-20T09:00:00Z";
const TODAY = "2026-11-20";
const folders: string[] = [];
const folder = () => {
  const dir = mkdtempSync(join(tmpdir(), "wholesale-backup-"));
  folders.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

/** The server as main.ts starts it on DATA_DIR: the claim, the database, the app, backups served. */
async function startServer(dataDir: string) {
  const claim = await claimDataDir(dataDir);
  const database = await openPglite(join(dataDir, "pglite"));
  const clock = fixedClock(NOW);
  const app = await buildApp({ db: database.db, clock, jwtSecret: TEST_SECRET, webDist: null });
  await app.ready();
  serveBackups(claim, {
    client: pgliteOf(database.db),
    dir: join(dataDir, "backups"),
    keep: 3,
    clock: fixedClock(NOW),
  });
  return {
    database,
    app,
    clock,
    stop: async () => {
      await app.close();
      await database.close();
      await claim.close();
    },
  };
}

async function todaysPositions(app: FastifyInstance, database: Database) {
  const account = await seedAccount(database.db, {
    username: "reader",
    password: "reader-password",
    role: "office",
  });
  const token = await app.tokens.sign({ userId: account.id, version: account.tokenVersion, type: "access" });
  const res = await app.inject({
    method: "GET",
    url: `/api/sales/orders/?opened_at=${TODAY}&limit=1000`,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.statusCode).toBe(200);
  return res
    .json<TOrderPage>()
    .results.flatMap((order) => order.positions.map((p) => `${order.owner}:${p.modification}`));
}

describe.skipIf(onPostgres)("a backup of the running embedded database", () => {
  let dataDir: string;
  let server: Awaited<ReturnType<typeof startServer>>;
  beforeAll(async () => {
    dataDir = folder();
    server = await startServer(dataDir);
  });
  afterAll(() => server.stop());

  // Several databases are created and migrated: slower than the suite's usual test.
  it("holds every order acknowledged before it began, though orders kept coming while it ran", {
    timeout: 120_000,
  }, async () => {
    const { db } = server.database;
    await db.insert(marketSchedules).values({ name: "Открыт", isManuallyOpened: true });
    const rub = (await seedCurrency(db, { name: "Рубль", sign: "₽" })).id;
    const tiers = [{ currencyId: rub, quantityFrom: 1, smallWholesale: 100, largeWholesale: 90 }];
    const mods: Awaited<ReturnType<typeof seedModification>>[] = [];
    for (let i = 0; i < 30; i++) mods.push(await seedModification(db, { quantity: 1000, tiers }));
    const clients = await Promise.all(Array.from({ length: 4 }, () => seedClient(db)));
    const ordering = createOrderingService({ db, clock: server.clock });

    // Each client taps modification after modification, round and round, until told to stop; a position is
    // acknowledged when addPosition answers. Each tap is its own event, as a bot update is: PGlite answers
    // without I/O, so back-to-back taps would keep the event loop from ever reading the backup's socket.
    const acknowledged: string[] = [];
    let stop = false;
    const tapping = clients.map(async (client) => {
      for (let i = 0; !stop; i++) {
        await new Promise((resolve) => setImmediate(resolve));
        // At a person's pace: a client's adds beyond their allowance would be refused.
        server.clock.advance(1000 / ORDER_RATE.perSecond);
        const mod = mods[i % mods.length] as (typeof mods)[number];
        const result = await ordering.addPosition(client.id, mod.id, 1, null);
        if (!result.ok) throw new Error(result.message);
        acknowledged.push(`${client.id}:${mod.id}`);
      }
    });
    await waitUntil("40 acknowledged writes", () => acknowledged.length >= 40, WAIT_CEILING_MS, 5);
    const beforeBackup = [...acknowledged];
    const file = await takeBackup({ dataDir, dir: join(dataDir, "backups"), keep: 3, clock: server.clock });
    const duringBackup = acknowledged.length - beforeBackup.length;
    stop = true;
    await Promise.all(tapping);
    expect(duringBackup).toBeGreaterThan(0);
    expect(listBackups(join(dataDir, "backups"))).toEqual([file.split("/").at(-1)]);

    // The server is still running: a restore onto its DATA_DIR is refused.
    await expect(restoreBackup(file, dataDir)).rejects.toThrow(DataDirInUse);

    const fresh = join(folder(), "data");
    await restoreBackup(file, fresh);
    const restored = await startServer(fresh);
    try {
      const positions = await todaysPositions(restored.app, restored.database);
      expect(new Set(positions)).toEqual(new Set([...positions, ...beforeBackup]));
      // Nothing that was never acknowledged: at most the positions placed while the backup ran.
      expect(new Set(acknowledged)).toEqual(new Set([...acknowledged, ...positions]));
    } finally {
      await restored.stop();
    }
  });

  it("is taken once a business day by the daily job, keeping the newest few", async () => {
    const dir = join(folder(), "backups");
    const clock = fixedClock("2026-11-20T20:00:00Z");
    const backups = createEmbeddedBackups({ client: pgliteOf(server.database.db), dir, keep: 2, clock });
    expect(await runDailyBackup(backups, clock)).toMatch(/backup-2026-11-20T20-00-00\.000Z\.tar\.gz$/);
    clock.set("2026-11-20T20:50:00Z");
    // 23:50 in Moscow: the day has its backup.
    expect(await runDailyBackup(backups, clock)).toBeNull();
    for (const at of ["2026-11-20T21:00:00Z", "2026-11-21T21:00:00Z"]) {
      clock.set(at);
      expect(await runDailyBackup(backups, clock)).not.toBeNull();
    }
    expect(listBackups(dir)).toEqual([
      "backup-2026-11-21T21-00-00.000Z.tar.gz",
      "backup-2026-11-20T21-00-00.000Z.tar.gz",
    ]);
  });
});

describe.skipIf(onPostgres)("npm run backup and restore without a running server", () => {
  it("backs up a stopped DATA_DIR itself; restores only into a DATA_DIR without a database", {
    timeout: 120_000,
  }, async () => {
    const dataDir = folder();
    const server = await startServer(dataDir);
    await seedClient(server.database.db, { nickname: "Сохранённый" });
    await server.stop();

    const file = await takeBackup({
      dataDir,
      dir: join(dataDir, "backups"),
      keep: 5,
      clock: fixedClock(NOW),
    });
    await expect(restoreBackup(file, dataDir)).rejects.toThrow(RestoreRefused);

    const garbage = join(folder(), "backup-garbage.tar.gz");
    writeFileSync(garbage, "not a backup");
    const empty = join(folder(), "data");
    await expect(restoreBackup(garbage, empty)).rejects.toThrow(RestoreRefused);
    expect(existsSync(join(empty, "pglite"))).toBe(false);

    await restoreBackup(file, empty);
    const restored = await startServer(empty);
    try {
      const rows = await restored.database.db.query.clients.findMany();
      expect(rows.map((c) => c.nickname)).toContain("Сохранённый");
    } finally {
      await restored.stop();
    }
  });
});

describe.skipIf(onPostgres)("the claim on DATA_DIR", () => {
  it("is held by one process; a socket left by a dead process is taken over", async () => {
    const dataDir = folder();
    const first = await claimDataDir(dataDir);
    await expect(claimDataDir(dataDir)).rejects.toThrow(DataDirInUse);
    expect(await sendCommand(dataDir, "backup")).toEqual({
      error: "busy: the process holding the data is not ready",
    });
    await first.close();
    expect(await sendCommand(dataDir, "backup")).toBeNull();

    // A crashed server leaves its socket file behind, with nobody listening.
    writeFileSync(controlSocketPath(dataDir), "");
    const second = await claimDataDir(dataDir);
    await second.close();
    expect(readdirSync(dataDir)).toEqual([]);
  });
});
