import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client.ts";
import { seedClient } from "../../db/factories/clients.ts";
import { claims, clients, outboxMessages } from "../../db/schema/index.ts";
import { openTestDatabase } from "../../test/database.ts";
import { createClaim } from "../claims/index.ts";
import { enqueueOutbox } from "../outbox/index.ts";
import { reachableAgain } from "./reachability.ts";

describe("messaging pieces other areas call", () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it("enqueueOutbox queues one pending row per recipient inside the caller's transaction", async () => {
    const { db } = database;
    const client = await seedClient(db);
    await db.transaction(async (tx) => {
      await enqueueOutbox(tx, [
        { clientId: client.id, chatId: 11, kind: "test", text: "a", replyMarkup: { inline_keyboard: [] } },
        { clientId: null, chatId: 12, kind: "test", text: "b" },
      ]);
    });
    await expect(
      db.transaction(async (tx) => {
        await enqueueOutbox(tx, [{ clientId: null, chatId: 13, kind: "test", text: "rolled back" }]);
        throw new Error("abort");
      }),
    ).rejects.toThrow("abort");
    const rows = await db.select().from(outboxMessages).where(eq(outboxMessages.kind, "test"));
    expect(rows.map((r) => [r.chatId, r.text, r.status, r.attempts])).toEqual([
      [11, "a", "pending", 0],
      [12, "b", "pending", 0],
    ]);
    expect(rows[0]?.replyMarkup).toEqual({ inline_keyboard: [] });
  });

  it("reachableAgain clears the unreachable mark of that Telegram user only, inside another statement", async () => {
    const { db } = database;
    const client = await seedClient(db, { telegramId: 71_000_001, telegramUnreachableAt: new Date() });
    const other = await seedClient(db, { telegramId: 71_000_002, telegramUnreachableAt: new Date() });
    await db
      .with(reachableAgain(db, 71_000_001))
      .select({ id: clients.id })
      .from(clients)
      .where(eq(clients.id, other.id));
    const [row] = await db.select().from(clients).where(eq(clients.id, client.id));
    expect(row?.telegramUnreachableAt).toBeNull();
    const [untouched] = await db.select().from(clients).where(eq(clients.id, other.id));
    expect(untouched?.telegramUnreachableAt).not.toBeNull();
  });

  it("createClaim stores a not-reviewed claim and refuses an empty or too long text whole", async () => {
    const { db } = database;
    const client = await seedClient(db);
    const filed = await createClaim(db, { clientId: client.id, text: "  Не пришёл заказ  " });
    const [row] = await db
      .select()
      .from(claims)
      .where(eq(claims.id, filed.ok ? filed.id : 0));
    expect(row).toMatchObject({ clientId: client.id, text: "Не пришёл заказ", status: "not_reviewed" });
    expect(await createClaim(db, { clientId: client.id, text: " " })).toMatchObject({ ok: false });
    expect(await createClaim(db, { clientId: client.id, text: "ы".repeat(4001) })).toMatchObject({
      ok: false,
    });
    expect(await db.select().from(claims).where(eq(claims.clientId, client.id))).toHaveLength(1);
  });
});
