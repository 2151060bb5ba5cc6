import type { TPermission } from "@wholesale/contract";
import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { seedCurrency, seedModification } from "../../db/factories/catalogue.ts";
import { seedClient } from "../../db/factories/clients.ts";
import { seedClaim } from "../../db/factories/messaging.ts";
import { seedOrder } from "../../db/factories/sales.ts";
import {
  accounts,
  claims,
  clientMessages,
  marketSchedules,
  modifications,
  orderPositions,
} from "../../db/schema/index.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { type LiveStreamReader, openLiveStream } from "../../test/live-stream.ts";
import { settles, waitUntil } from "../../test/wait.ts";
import { runMarketTick } from "../market/index.ts";
import { createLiveHub } from "./index.ts";
import type { LiveListener } from "./live-hub.ts";

let t: TestApp;
let base: string;
let clientId: number;
const opened: LiveStreamReader[] = [];

async function stream(role: "office" | "storehouse" | "seller", lastEventId?: string) {
  const reader = await openLiveStream(base, (await t.as(role)).headers.authorization, lastEventId);
  opened.push(reader);
  return reader;
}

/** A message to clients committed now: a change every staff stream of the office hears, to mark a point. */
async function marker(): Promise<number> {
  const [row] = await t.db
    .insert(clientMessages)
    .values({ text: "Метка" })
    .returning({ id: clientMessages.id });
  if (!row) throw new Error("no message");
  return row.id;
}

const connections = () =>
  new Promise<number>((resolve, reject) =>
    t.app.server.getConnections((error, count) => (error ? reject(error) : resolve(count))),
  );

beforeAll(async () => {
  t = await createTestApp({ liveMaxStreams: 6 });
  base = await t.app.listen({ port: 0, host: "127.0.0.1" });
  clientId = (await seedClient(t.db)).id;
});

afterEach(async () => {
  for (const reader of opened.splice(0)) reader.close();
  await waitUntil("every stream of the test gone from the server", async () => (await connections()) === 0);
});

afterAll(async () => {
  await t?.close();
});

describe("the live stream of staff screens", () => {
  it("names each kind's changed rows, a placed order as new, to every role that reads them", async () => {
    const office = await stream("office");
    const storehouse = await stream("storehouse");
    const modification = await seedModification(t.db, { quantity: 5 });

    const order = await seedOrder(t.db, {
      clientId,
      clientType: 1,
      openedOn: "2026-11-20",
      positions: [{ modificationId: modification.id, currencyId: (await seedCurrency(t.db)).id }],
    });
    const placed = (e: { kind: string; new?: number[] }) =>
      e.kind === "orders" && !!e.new?.includes(order.id);
    await office.next("the office hears the order placed", placed);
    await storehouse.next("the storehouse hears the order placed", placed);

    await t.db.update(orderPositions).set({ quantity: 3 }).where(eq(orderPositions.orderId, order.id));
    await office.next(
      "a changed position names its order, not as new",
      (e) => e.kind === "orders" && !!e.ids?.includes(order.id) && !e.new,
    );

    await t.db.update(modifications).set({ quantity: 0 }).where(eq(modifications.id, modification.id));
    await storehouse.next(
      "the storehouse hears the stock",
      (e) => e.kind === "stock" && !!e.ids?.includes(modification.id),
    );

    const claim = await seedClaim(t.db, { clientId });
    await office.next(
      "the office hears the claim",
      (e) => e.kind === "claims" && !!e.ids?.includes(claim.id),
    );

    const schedule = await t.call("office", {
      method: "POST",
      url: "/api/storehouse/market-schedules/",
      payload: { name: "Живой", client_types: [3] },
    });
    expect(schedule.statusCode).toBe(201);
    await storehouse.next("every role hears the market", (e) => e.kind === "market" && e.ids === undefined);

    const message = await marker();
    await office.next(
      "the office hears the message",
      (e) => e.kind === "messages" && !!e.ids?.includes(message),
    );
    // The storehouse heard everything after the claim and the message (the market came later than the claim):
    // what it did not hear, it was never sent.
    expect(storehouse.heard.some((e) => e.kind === "claims" || e.kind === "messages")).toBe(false);
  });

  it("writes a stream what one gathering heard at once, each kind an event, only the kinds it may hear", async () => {
    // A gathering long enough that a starved machine still hears the transaction's two changes in one.
    const hub = createLiveHub(t.db, { maxStreams: 3, flushMs: 1_000 });
    const writes = { both: [] as string[], claims: [] as string[], none: [] as string[] };
    const listener = (permissions: TPermission[], into: string[]): LiveListener => ({
      accountId: 0,
      permissions,
      write(frame) {
        into.push(frame);
        return true;
      },
      end() {},
      recheck: async () => true,
    });
    try {
      hub.open(listener(["claims.manage", "messaging.send"], writes.both));
      hub.open(listener(["claims.manage"], writes.claims));
      hub.open(listener([], writes.none));
      await waitUntil("the hub listens", () => hub.listening());
      await t.db.transaction(async (tx) => {
        await tx.insert(claims).values({ clientId, text: "Вместе" });
        await tx.insert(clientMessages).values({ text: "Вместе" });
      });
      await waitUntil("the gathering written", () => writes.both.length > 0 && writes.claims.length > 0);
      expect(writes.both).toHaveLength(1);
      expect(writes.both[0]?.match(/^event: change$/gm)).toHaveLength(2);
      expect(writes.both[0]).toContain('"kind":"claims"');
      expect(writes.both[0]).toContain('"kind":"messages"');
      expect(writes.claims).toHaveLength(1);
      expect(writes.claims[0]).not.toContain('"kind":"messages"');
      expect(writes.none).toHaveLength(0);
    } finally {
      await hub.close();
    }
  });

  it("announces nothing a transaction rolled back", async () => {
    const office = await stream("office");
    await t.db
      .transaction(async (tx) => {
        await tx.insert(claims).values({ clientId, text: "Откатится" });
        throw new Error("rolled back");
      })
      .catch(() => {});
    const message = await marker();
    await office.next(
      "the marker after the rollback",
      (e) => e.kind === "messages" && !!e.ids?.includes(message),
    );
    expect(office.heard.some((e) => e.kind === "claims")).toBe(false);
  });

  it("announces no market change for the market job's pass that changes no schedule", async () => {
    const office = await stream("office");
    // Every 15 s the job closes hand openings past their close time: mostly none.
    expect(await runMarketTick(t.db, t.clock.now())).toMatchObject({ autoClosed: 0 });
    await t.db.update(marketSchedules).set({ isActive: false }).where(sql`false`);
    const message = await marker();
    await office.next(
      "the marker after the pass",
      (e) => e.kind === "messages" && !!e.ids?.includes(message),
    );
    expect(office.heard.filter((e) => e.kind === "market")).toEqual([]);
  });

  it.runIf(process.env.TEST_DB === "postgres")(
    "announces a change when its transaction commits, not before",
    async () => {
      const office = await stream("office");
      const url = t.database.url;
      if (!url) throw new Error("PostgreSQL only");
      const writer = new pg.Client({ connectionString: url });
      await writer.connect();
      try {
        await writer.query("begin");
        const { rows } = await writer.query<{ id: number }>(
          "insert into claims (client_id, text) values ($1, 'Ждёт фиксации') returning id",
          [clientId],
        );
        const message = await marker();
        await office.next(
          "a change committed meanwhile",
          (e) => e.kind === "messages" && !!e.ids?.includes(message),
        );
        expect(office.heard.some((e) => e.kind === "claims")).toBe(false);
        await writer.query("commit");
        await office.next(
          "the claim once committed",
          (e) => e.kind === "claims" && !!e.ids?.includes(rows[0]?.id ?? 0),
        );
      } finally {
        await writer.end();
      }
    },
  );

  it.runIf(process.env.TEST_DB === "postgres")(
    "tells every screen to catch up when the instance's listening connection was lost, and goes on",
    async () => {
      const office = await stream("office");
      await t.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity
            where datname = current_database() and query = 'LISTEN "live"'`,
      );
      await office.next("a catch-up once listening again", (e) => e.kind === "catch-up");
      const message = await marker();
      await office.next("changes after it", (e) => e.kind === "messages" && !!e.ids?.includes(message));
    },
  );

  it("ends the stream of an account disabled or signed out everywhere, and opens none for its old token", async () => {
    const seller = await stream("seller");
    const { id, headers } = await t.as("seller");
    await t.db
      .update(accounts)
      .set({ tokenVersion: sql`${accounts.tokenVersion} + 1` })
      .where(eq(accounts.id, id));
    await settles("the revoked account's stream ends", seller.ended);
    const again = await openLiveStream(base, headers.authorization);
    expect(again.status).toBe(401);
    expect(again.body).toMatchObject({ code: "token_not_valid" });
  });

  it("sends a page that comes back what it missed, or a catch-up when it cannot tell", async () => {
    const first = await stream("office");
    const before = await marker();
    const seen = await first.next(
      "a first change",
      (e) => e.kind === "messages" && !!e.ids?.includes(before),
    );
    first.close();
    await first.ended;
    const missed = await marker();

    const resumed = await stream("office", seen.id);
    await resumed.next(
      "the missed change, replayed",
      (e) => e.kind === "messages" && !!e.ids?.includes(missed),
    );
    expect(resumed.heard.some((e) => e.kind === "catch-up")).toBe(false);

    const stranger = await stream("office", "another-instance.12");
    await stranger.next("a catch-up for an id of another instance", (e) => e.kind === "catch-up");
  }, 120_000);

  it("refuses a stream past the instance's ceiling, in Russian, and takes one again when a stream ends", async () => {
    const more: LiveStreamReader[] = [];
    let refused: LiveStreamReader | undefined;
    while (!refused) {
      const reader = await stream("storehouse");
      if (reader.status === 200) more.push(reader);
      else refused = reader;
    }
    expect(refused.status).toBe(503);
    expect(refused.body).toMatchObject({
      detail: "Слишком много открытых экранов: данные обновляются по таймеру",
    });
    expect(more.length).toBe(6);
    more[0]?.close();
    await more[0]?.ended;
    await expect.poll(async () => (await stream("storehouse")).status, { timeout: 30_000 }).toBe(200);
  });
});
