import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { ZPreparedListSentSchema } from "@wholesale/contract";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { buildApp } from "../../app.ts";
import { type Database, openPglite } from "../../db/client.ts";
import { seedCurrency, seedModification } from "../../db/factories/catalogue.ts";
import { seedClient } from "../../db/factories/clients.ts";
import {
  marketSchedules,
  modifications,
  orderPositions,
  orders,
  preparedListLines,
} from "../../db/schema/index.ts";
import { systemClock } from "../../lib/clock.ts";
import { TEST_SECRET } from "../../test/app.ts";
import { openTestDatabase, type TestDatabase } from "../../test/database.ts";
import { createOrderingService, orderingCacheCaughtUp } from "../ordering/index.ts";
import { createPreparedListService } from "./index.ts";

/**
 * A prepared list is added once per line whatever sends it: a send killed between its lines (SIGKILL of the
 * process sending it) and sent again under a new key, as the Mini App opened again after a restart does; and two
 * sends under two keys at once, as the bot's «Отправить список» and the Mini App's button pressed together.
 */

const LINES = 40;
const UNITS = 2;

/** A client with a list of LINES lines of UNITS units each, the market open for them by hand. */
async function arrange(db: Database["db"]) {
  const rub = await seedCurrency(db, { name: "Рубль", sign: "₽" });
  await db.insert(marketSchedules).values({ name: "Открыт", isManuallyOpened: true });
  const client = await seedClient(db, { allowedPrice: true });
  const mods: number[] = [];
  for (let i = 0; i < LINES; i++) {
    const mod = await seedModification(db, {
      quantity: 100,
      tiers: [{ currencyId: rub.id, quantityFrom: 1, smallWholesale: 100, largeWholesale: 90 }],
    });
    mods.push(mod.id);
  }
  await db.insert(preparedListLines).values(
    mods.map((modificationId, place) => ({
      clientId: client.id,
      modificationId,
      quantity: UNITS,
      confirmedPrice: 100,
      place,
    })),
  );
  return { clientId: client.id, telegramId: client.telegramId ?? 0, mods };
}

/** The units each modification went into the client's orders with, and what is left of each one's stock. */
async function ordered(db: Database["db"], clientId: number, mods: number[]) {
  const positions = await db
    .select({ modificationId: orderPositions.modificationId, quantity: orderPositions.quantity })
    .from(orderPositions)
    .innerJoin(orders, eq(orders.id, orderPositions.orderId))
    .where(eq(orders.clientId, clientId));
  const stock = await db
    .select({ id: modifications.id, quantity: modifications.quantity })
    .from(modifications)
    .where(inArray(modifications.id, mods));
  return { positions, stock };
}

const listed = async (db: Database["db"], clientId: number) =>
  (await db.select().from(preparedListLines).where(eq(preparedListLines.clientId, clientId))).length;

/** Sends the client's list in a process of its own and kills it (SIGKILL) once `after` statements of lines ran. */
async function sendAndKill(env: Record<string, string>, after: number): Promise<void> {
  const child: ChildProcess = spawn(
    process.execPath,
    ["--import", "tsx", fileURLToPath(new URL("../../test/list-send-process.ts", import.meta.url))],
    { env: { ...process.env, ...env, HOLD_AFTER: String(after) }, stdio: ["ignore", "pipe", "inherit"] },
  );
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  await new Promise<void>((resolve, reject) => {
    let out = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes("held")) resolve();
      if (out.includes("sent whole")) reject(new Error("the send was not held"));
    });
    child.once("exit", (code) => reject(new Error(`the send's process exited (${code}) before it was held`)));
  });
  child.kill("SIGKILL");
  await exited;
}

/** The Mini App's send under `key`, through the app on `db`. */
async function sendThroughApp(
  db: Database["db"],
  client: { clientId: number; telegramId: number },
  key: string,
) {
  const app = await buildApp({ db, clock: systemClock, jwtSecret: TEST_SECRET, webDist: null });
  await app.ready();
  try {
    const token = await app.tokens.signClient({ clientId: client.clientId, telegramId: client.telegramId });
    await orderingCacheCaughtUp(db);
    const res = await app.inject({
      method: "POST",
      url: "/api/app/list/send/",
      payload: { idempotency_key: key },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    return ZPreparedListSentSchema.parse(res.json());
  } finally {
    await app.close();
  }
}

describe("a list's send killed between its lines, sent again under a new key", () => {
  it("adds every line once: the lines added before the kill left the list and are not added again", async () => {
    const migrated = inject("migratedDatabase");
    let dir: string | undefined;
    let database: TestDatabase | Database;
    if (migrated.kind === "pglite") {
      // An embedded database on disk, which the killed process and this one open in turn.
      dir = await mkdtemp(join(tmpdir(), "wholesale-list-kill-"));
      database = await openPglite(dir, new Blob([await readFile(migrated.file)]));
    } else database = await openTestDatabase();
    try {
      const arranged = await arrange(database.db);
      const env: Record<string, string> =
        "url" in database && database.url ? { DATABASE_URL: database.url } : { PGLITE_DIR: dir ?? "" };
      const child = { CLIENT_ID: String(arranged.clientId), KEY: crypto.randomUUID() };
      // One process holds the embedded database at a time: this one lets it go while the send runs.
      if (dir) await database.close();
      // Lines go ten to a statement: the kill comes after the first ten, before the next ten.
      await sendAndKill({ ...env, ...child }, 1);
      if (dir) database = await openPglite(dir);

      const cut = await ordered(database.db, arranged.clientId, arranged.mods);
      expect(cut.positions).toHaveLength(10);
      expect(await listed(database.db, arranged.clientId)).toBe(LINES - 10);

      const sent = await sendThroughApp(database.db, arranged, crypto.randomUUID());
      expect(sent.results.map((r) => r.status)).toEqual(Array.from({ length: LINES - 10 }, () => "added"));
      const after = await ordered(database.db, arranged.clientId, arranged.mods);
      expect(after.positions).toHaveLength(LINES);
      expect(after.positions.every((p) => p.quantity === UNITS)).toBe(true);
      expect(after.stock.every((s) => s.quantity === 100 - UNITS)).toBe(true);
      expect(await listed(database.db, arranged.clientId)).toBe(0);
    } finally {
      await database.close();
      if (dir) await rm(dir, { recursive: true, force: true });
    }
  });
});

describe("two sends of one list under two keys at once", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it("adds each line once, and each answers every line as added", async () => {
    const arranged = await arrange(database.db);
    const service = () =>
      createPreparedListService({
        db: database.db,
        clock: systemClock,
        ordering: createOrderingService({ db: database.db, clock: systemClock }),
      });
    // The bot's button (its message's key) and the Mini App's (the page's key), pressed together. A send that
    // finds the list emptied by the other is told so.
    const sends = await Promise.allSettled([
      service().send(arranged.clientId, "bot:77"),
      service().send(arranged.clientId, crypto.randomUUID()),
    ]);
    const answered = sends.flatMap((s) => (s.status === "fulfilled" && s.value.ok ? [s.value.value] : []));
    for (const s of sends) if (s.status === "rejected") expect(String(s.reason)).toContain("Список пуст");
    expect(answered.length).toBeGreaterThan(0);
    // Each answers the lines it copied from the list, every one as added, by itself or by the other.
    for (const sent of answered) expect(sent.results.every((r) => r.status === "added")).toBe(true);
    const both = await ordered(database.db, arranged.clientId, arranged.mods);
    expect(both.positions).toHaveLength(LINES);
    expect(both.positions.every((p) => p.quantity === UNITS)).toBe(true);
    expect(both.stock.every((s) => s.quantity === 100 - UNITS)).toBe(true);
    expect(await listed(database.db, arranged.clientId)).toBe(0);
  });
});
