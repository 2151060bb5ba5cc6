import { connect, type Socket } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientGroups, logEntries } from "../db/schema/index.ts";
import { createTestApp, type TestApp } from "../test/app.ts";
import { settles, waitFor, waitUntil } from "../test/wait.ts";

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  const address = t.app.server.address();
  if (typeof address !== "object" || !address) throw new Error("the test app is not listening");
  port = address.port;
});
afterAll(() => t.close());

const openConnections = () =>
  new Promise<number>((resolve, reject) =>
    t.app.server.getConnections((error, count) => (error ? reject(error) : resolve(count))),
  );

type Query = (...args: unknown[]) => Promise<unknown>;

/**
 * Holds the app's statements whose text matches `pattern` until `release`: the driver's query (PGlite's, or
 * the PostgreSQL pool's) waits before it runs them. `held` settles when the first one is waiting.
 */
function holdStatements(pattern: RegExp): { held: Promise<void>; release: () => void } {
  const client = (t.db as unknown as { $client: { query: Query } }).$client;
  const query = client.query;
  let caught = () => {};
  const held = new Promise<void>((resolve) => {
    caught = resolve;
  });
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  client.query = async function (this: unknown, ...args: unknown[]) {
    const [statement] = args;
    const text = typeof statement === "string" ? statement : (statement as { text?: string }).text;
    if (text !== undefined && pattern.test(text)) {
      caught();
      await released;
    }
    return query.apply(this, args);
  };
  return {
    held,
    release: () => {
      Reflect.deleteProperty(client, "query");
      release();
    },
  };
}

/** Sends a whole request on a raw socket, which then waits for no answer: the caller closes it. */
function post(path: string, body: unknown, authorization: string): Promise<Socket> {
  const json = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => {
      socket.write(
        `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${authorization}\r\n` +
          `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(json)}\r\n\r\n${json}`,
        () => resolve(socket),
      );
    });
    socket.on("error", reject);
  });
}

describe("activity log and a client that hangs up", () => {
  it("records a change whose client closed the connection before the answer, with the address it came from", async () => {
    const office = await t.as("office");
    const name = "Группа без ответа";
    const insert = holdStatements(/^insert into "client_groups"/);
    try {
      const socket = await post("/api/profiles/groups/", { name }, office.headers.authorization);
      await settles("the change to reach the database", insert.held);
      socket.destroy();
      // The server has seen the connection close while the change still waits to be written.
      await waitUntil("the server to see the client hang up", async () => (await openConnections()) === 0);
    } finally {
      insert.release();
    }

    await waitUntil(
      "the group to be created",
      async () => (await t.db.select().from(clientGroups).where(eq(clientGroups.name, name))).length === 1,
    );
    const row = await waitFor("the change's log row", async () => {
      await t.app.activityLog.flush();
      const [entry] = await t.db
        .select()
        .from(logEntries)
        .where(eq(logEntries.path, "/api/profiles/groups/"));
      return entry;
    });
    expect(row).toMatchObject({
      requestMethod: "POST",
      userId: office.id,
      statusCode: 201,
      requestBody: { name },
      ip: "127.0.0.1",
    });
  });
});
