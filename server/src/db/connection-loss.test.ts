import { and, count, eq, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { addData } from "../bot/callback-data/catalogue.ts";
import { type BotRunner, createLiveBot, startPolling } from "../bot/run.ts";
import { createTelegramApi } from "../bot/telegram-api.ts";
import { texts } from "../bot/texts.ts";
import { enqueueOutbox } from "../modules/outbox/index.ts";
import { createTestApp, type TestApp } from "../test/app.ts";
import { type FakeBotApi, startFakeBotApi } from "../test/fake-bot-api.ts";
import { lockWaiters } from "../test/postgres-admin.ts";
import { waitUntil } from "../test/wait.ts";
import { isDatabaseUnavailable } from "./connection-loss.ts";
import { seedBrand, seedCurrency, seedModification, seedProduct } from "./factories/catalogue.ts";
import { seedClient } from "./factories/clients.ts";
import { logEntries, marketSchedules, orderPositions, outboxMessages } from "./schema/index.ts";

const CLIENT_CHAT = 6_101;
const NOTICE_CHAT = 6_102;
const DATABASE_AWAY = "База данных временно недоступна. Повторите попытку.";

describe("isDatabaseUnavailable", () => {
  const wrapped = (cause: unknown) => Object.assign(new Error("Failed query: update …"), { cause });
  it.each([
    ["a terminated backend", wrapped(Object.assign(new Error("terminating connection"), { code: "57P01" }))],
    [
      "a server starting up",
      Object.assign(new Error("the database system is starting up"), { code: "57P03" }),
    ],
    ["a closed socket", wrapped(new Error("Connection terminated unexpectedly"))],
    ["a client left broken", new Error("Client has encountered a connection error and is not queryable")],
    [
      "a refused connection",
      Object.assign(new AggregateError([Object.assign(new Error("x"), { code: "ECONNREFUSED" })])),
    ],
    [
      "a read-only node",
      wrapped(
        Object.assign(new Error("cannot execute UPDATE in a read-only transaction"), { code: "25006" }),
      ),
    ],
    [
      "a database refusing connections",
      Object.assign(new Error('database "x" is not currently accepting connections'), { code: "55000" }),
    ],
    ["too many connections", Object.assign(new Error("sorry, too many clients already"), { code: "53300" })],
    ["a full disk", wrapped(Object.assign(new Error("could not extend file"), { code: "53100" }))],
    ["a dropped database", Object.assign(new Error("database dropped"), { code: "57P04" })],
  ])("is true for %s", (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });
  it.each([
    ["a unique violation", wrapped(Object.assign(new Error("duplicate key"), { code: "23505" }))],
    ["a refused row", Object.assign(new Error("log row refused"), { code: "P0001" })],
    ["a cancelled statement", Object.assign(new Error("canceling statement"), { code: "57014" })],
    ["a lock not available", Object.assign(new Error("could not obtain lock"), { code: "55P03" })],
    ["anything else", new Error("boom")],
  ])("is false for %s", (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});

/**
 * One server instance as `npm start` runs it with a bot token: the API, the bot polling the fake Bot API and
 * the delivery worker, on a test database with a client who may order one modification on an open market.
 */
let t: TestApp;
let fake: FakeBotApi;
let poller: BotRunner;
let modificationId: number;
let productId: number;
let databaseUrl: string | undefined;
const log = { error: () => {}, warn: () => {} };
/** What the delivery worker reported, newest last: a test waits on it to know a record met the outage. */
const deliveryErrors: { error: unknown; context: string }[] = [];

beforeAll(async () => {
  fake = await startFakeBotApi();
  t = await createTestApp({
    delivery: {
      api: createTelegramApi({ token: fake.token, apiRoot: fake.apiRoot }),
      ratePerSecond: 50,
      retentionMs: 24 * 60 * 60 * 1000,
      idleMs: 20,
      onError: (error, context) => deliveryErrors.push({ error, context }),
    },
  });
  await t.as("office");
  const rub = await seedCurrency(t.db, { name: "Рубль", sign: "₽" });
  productId = (await seedProduct(t.db, { brandId: (await seedBrand(t.db)).id })).id;
  modificationId = (
    await seedModification(t.db, {
      productId,
      quantity: 100,
      tiers: [{ currencyId: rub.id, quantityFrom: 1, smallWholesale: 100, largeWholesale: 90 }],
    })
  ).id;
  await t.db.insert(marketSchedules).values({ name: "Открыт", isActive: true, isManuallyOpened: true });
  await seedClient(t.db, { telegramId: CLIENT_CHAT, allowedPrice: true });
  databaseUrl = t.database.url ?? undefined;
  const bot = createLiveBot({ token: fake.token, apiRoot: fake.apiRoot }, { db: t.db, clock: t.clock, log });
  poller = startPolling(bot, { databaseUrl, log, retryMs: 200 });
});
afterAll(async () => {
  await poller.stop();
  await t.close();
  await fake.close();
});

// Connections that break say so on the console; the tests look at what the product does about it.
beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** Waits, with the shared ceiling, for what the product must do after a loss. */
const waitFor = (check: () => boolean | Promise<boolean>) => waitUntil("the product's recovery", check);

/** The client taps «✅ Подтвердить» for one unit. */
function tap() {
  return fake.pushUpdate({
    callback_query: {
      id: String(Date.now()),
      from: { id: CLIENT_CHAT, is_bot: false, first_name: "Иван" },
      message: { message_id: 1, date: 0, chat: { id: CLIENT_CHAT, type: "private" }, text: "…" },
      chat_instance: "1",
      // 100 ₽ a unit (the small-wholesale tier), in kopecks, as the confirm screen showed it.
      data: addData.pack({ modificationId, productId, quantity: 1, price: 10_000 }),
    },
  });
}

const sendsTo = (chat: number, text?: string) =>
  fake
    .callsTo("sendMessage")
    .filter((c) => Number(c.payload.chat_id) === chat && (text === undefined || c.payload.text === text));

/** Units the client has ordered (a second tap grows the position the first one made). */
const ordered = async () =>
  Number(
    (
      await t.db
        .select({ n: sql<string>`coalesce(sum(${orderPositions.quantity}), 0)` })
        .from(orderPositions)
        .where(eq(orderPositions.modificationId, modificationId))
    )[0]?.n ?? 0,
  );

const statusOf = async (text: string) =>
  (await t.db.select().from(outboxMessages).where(eq(outboxMessages.text, text)))[0]?.status;

const rename = (name: string) =>
  t.call("office", {
    method: "PUT",
    url: `/api/storehouse/modifications/${modificationId}/`,
    payload: { name },
  });

/** After the loss: health is back, and a new request, bot update and send each succeed. */
async function expectEverythingResumes(round: string): Promise<void> {
  await waitFor(async () => (await t.call(null, { method: "GET", url: "/api/health" })).statusCode === 200);
  expect((await rename(`После ${round}`)).statusCode).toBe(200);
  const before = await ordered();
  tap();
  await waitFor(async () => (await ordered()) === before + 1);
  const text = `После ${round}: уведомление`;
  await enqueueOutbox(t.db, [{ clientId: null, chatId: NOTICE_CHAT, kind: "test", text }]);
  await waitFor(async () => (await statusOf(text)) === "sent");
  expect(sendsTo(NOTICE_CHAT, text)).toHaveLength(1);
}

describe.runIf(process.env.TEST_DB === "postgres")("PostgreSQL terminating every connection", () => {
  it("fails the request, the update and the record in flight cleanly; the process lives on and resumes", async () => {
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    try {
      const notice = "Уведомление во время сбоя";
      // The send is answered only once this connection holds its row: the worker's record then waits on it.
      const resume = fake.hang("sendMessage", NOTICE_CHAT);
      await enqueueOutbox(t.db, [{ clientId: null, chatId: NOTICE_CHAT, kind: "test", text: notice }]);
      await waitFor(() => sendsTo(NOTICE_CHAT, notice).length === 1);
      await admin.query("begin");
      await admin.query("select 1 from outbox_messages where text = $1 for update", [notice]);
      await admin.query("select 1 from modifications where id = $1 for update", [modificationId]);
      resume();
      // An API write and a bot update each wait, mid-transaction, on the modification this connection holds.
      const write = rename("Во время сбоя");
      tap();
      await waitFor(async () => (await lockWaiters(admin)) === 3);

      await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
         where datname = current_database() and pid <> pg_backend_pid()`,
      );
      await admin.query("rollback");

      const answer = await write;
      expect(answer.statusCode).toBe(503);
      expect(answer.json()).toEqual({ detail: DATABASE_AWAY, code: "unavailable" });
      await waitFor(() => sendsTo(CLIENT_CHAT, texts.failure).length === 1);
      expect(await ordered()).toBe(0);
      // The answered send is recorded once the database is back, so it is not sent again after its lease.
      await waitFor(async () => (await statusOf(notice)) === "sent");
      expect(sendsTo(NOTICE_CHAT, notice)).toHaveLength(1);

      await expectEverythingResumes("обрыва");
    } finally {
      await admin.end();
    }
  });
});

/** The SQLSTATE an error carries, as thrown or in its causes. */
function sqlState(error: unknown): string | undefined {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    const { code } = e as { code?: unknown };
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/** Waits until the delivery worker has failed to record a send with `state` at least `times` times more. */
async function recordFails(state: string, times: number): Promise<void> {
  const from = deliveryErrors.length;
  await waitUntil(
    `the delivery worker to fail to record a send with ${state} ${times} times`,
    () =>
      deliveryErrors.slice(from).filter((e) => e.context === "mark" && sqlState(e.error) === state).length >=
      times,
  );
}

describe.each([
  ["a lost connection", "admin_shutdown", "57P01"],
  ["a read-only transaction (a failover onto a standby)", "read_only_sql_transaction", "25006"],
  ["a database refusing connections", "object_not_in_prerequisite_state", "55000"],
  ["too many connections", "too_many_connections", "53300"],
])("a database that answers %s", (_, condition, state) => {
  /**
   * What every statement touching these rows meets while the database is away. The embedded PGlite has no
   * connection to lose, so there this is how the same failure reaches the same code; on PostgreSQL it stands
   * for a loss at the very statement.
   */
  async function loseConnections(): Promise<() => Promise<void>> {
    await t.db.execute(
      sql.raw(`create function lose_connection() returns trigger language plpgsql as $$
      begin
        raise exception 'the database is away' using errcode = '${condition}';
      end $$`),
    );
    await t.db.execute(sql`create trigger lose_connection before update on modifications
      for each row execute function lose_connection()`);
    await t.db.execute(sql`create trigger lose_connection before update on outbox_messages
      for each row when (new.status = 'sent') execute function lose_connection()`);
    return async () => {
      await t.db.execute(sql`drop trigger lose_connection on modifications`);
      await t.db.execute(sql`drop trigger lose_connection on outbox_messages`);
      await t.db.execute(sql`drop function lose_connection()`);
    };
  }

  it("fails the request and the update cleanly, records the send once it can; nothing is sent twice", async () => {
    const notice = `Уведомление, пока базы нет (${state})`;
    const before = await ordered();
    const apologies = sendsTo(CLIENT_CHAT, texts.failure).length;
    const comeBack = await loseConnections();
    try {
      const answer = await rename("Пока базы нет");
      expect(answer.statusCode).toBe(503);
      expect(answer.json()).toEqual({ detail: DATABASE_AWAY, code: "unavailable" });
      tap();
      await waitFor(() => sendsTo(CLIENT_CHAT, texts.failure).length === apologies + 1);
      const failing = recordFails(state, 2);
      await enqueueOutbox(t.db, [{ clientId: null, chatId: NOTICE_CHAT, kind: "test", text: notice }]);
      await waitFor(() => sendsTo(NOTICE_CHAT, notice).length === 1);
      // The record is tried again and again while the database is away, never given up to the row's lease.
      await failing;
      expect(await statusOf(notice)).toBe("pending");
    } finally {
      await comeBack();
    }
    await waitFor(async () => (await statusOf(notice)) === "sent");
    expect(sendsTo(NOTICE_CHAT, notice)).toHaveLength(1);
    expect(await ordered()).toBe(before);
    const [pending] = await t.db
      .select({ n: count() })
      .from(outboxMessages)
      .where(and(eq(outboxMessages.chatId, NOTICE_CHAT), eq(outboxMessages.status, "pending")));
    expect(pending?.n).toBe(0);

    await expectEverythingResumes(state);
  });
});

/** Statements on the PostgreSQL server's own database, about the test database `name`. */
async function onTheServer(statements: (name: string) => string[]): Promise<void> {
  const name = new URL(databaseUrl ?? "").pathname.slice(1);
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  try {
    for (const statement of statements(name)) await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** Every session of the test database ends: the pool's next ones take the database's settings. */
const endSessions = (name: string) =>
  `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name}' and pid <> pg_backend_pid()`;

/**
 * Turns the test database read-only as a failover onto a standby does, and returns how to make it writable
 * again: on PostgreSQL the database's default for new sessions, with every session ended so that the pool
 * opens read-only ones; on the embedded PGlite, the default of its one session.
 */
async function turnReadOnly(): Promise<() => Promise<void>> {
  if (databaseUrl === undefined) {
    await t.db.execute(sql`set default_transaction_read_only = on`);
    return async () => {
      await t.db.execute(sql`set default_transaction_read_only = off`);
    };
  }
  await onTheServer((name) => [
    `alter database "${name}" set default_transaction_read_only = on`,
    endSessions(name),
  ]);
  return () =>
    onTheServer((name) => [
      `alter database "${name}" reset default_transaction_read_only`,
      endSessions(name),
    ]);
}

const modificationLog = async () =>
  (
    await t.db
      .select()
      .from(logEntries)
      .where(eq(logEntries.path, `/api/storehouse/modifications/${modificationId}/`))
  ).map((row) => ({ name: (row.requestBody as { name?: string } | null)?.name, status: row.statusCode }));

describe("a database that turns read-only, as a failover onto a standby does", () => {
  it("answers 503 while writes fail, health too; keeps the log rows; records a send once it can, sent once", async () => {
    expect((await rename("Перед переключением")).statusCode).toBe(200);
    const notice = "Уведомление во время переключения";
    // The send is answered only once the database is read-only: its record meets the read-only database.
    const resume = fake.hang("sendMessage", NOTICE_CHAT);
    await enqueueOutbox(t.db, [{ clientId: null, chatId: NOTICE_CHAT, kind: "test", text: notice }]);
    await waitFor(() => sendsTo(NOTICE_CHAT, notice).length === 1);
    const apologies = sendsTo(CLIENT_CHAT, texts.failure).length;
    const writable = await turnReadOnly();
    try {
      // The acknowledged change's log row is written now, into the read-only database: it waits in memory.
      await t.app.activityLog.flush();
      const failing = recordFails("25006", 2);
      resume();
      await failing;
      expect(await statusOf(notice)).toBe("pending");

      const answer = await rename("Во время переключения");
      expect(answer.statusCode).toBe(503);
      expect(answer.json()).toEqual({ detail: DATABASE_AWAY, code: "unavailable" });
      const health = await t.call(null, { method: "GET", url: "/api/health" });
      expect(health.statusCode).toBe(503);
      expect(health.json()).toEqual({ detail: DATABASE_AWAY, code: "unavailable" });
      tap();
      await waitFor(() => sendsTo(CLIENT_CHAT, texts.failure).length === apologies + 1);
    } finally {
      await writable();
    }

    await waitFor(async () => (await statusOf(notice)) === "sent");
    expect(sendsTo(NOTICE_CHAT, notice)).toHaveLength(1);
    await waitUntil("the log rows kept while the database was read-only", async () => {
      await t.app.activityLog.flush();
      const rows = await modificationLog();
      return (
        rows.some((r) => r.name === "Перед переключением" && r.status === 200) &&
        rows.some((r) => r.name === "Во время переключения" && r.status === 503)
      );
    });
    await expectEverythingResumes("переключения");
  });
});

describe.runIf(process.env.TEST_DB === "postgres")("PostgreSQL refusing connections", () => {
  it("answers 503 while it does, health too, and everything resumes once it takes them again", async () => {
    await t.app.activityLog.flush();
    const refusedBefore = (await modificationLog()).filter((r) => r.status === 503).length;
    await onTheServer((name) => [`alter database "${name}" allow_connections false`, endSessions(name)]);
    try {
      const answer = await rename("Пока подключения запрещены");
      expect(answer.statusCode).toBe(503);
      expect(answer.json()).toEqual({ detail: DATABASE_AWAY, code: "unavailable" });
      expect((await t.call(null, { method: "GET", url: "/api/health" })).statusCode).toBe(503);
    } finally {
      await onTheServer((name) => [`alter database "${name}" allow_connections true`]);
    }
    // Refused before its body was read (the account could not be looked up), it is logged without one.
    await waitUntil("the refused change's log row", async () => {
      await t.app.activityLog.flush();
      return (await modificationLog()).filter((r) => r.status === 503).length === refusedBefore + 1;
    });
    await expectEverythingResumes("отказа в подключении");
  });
});
