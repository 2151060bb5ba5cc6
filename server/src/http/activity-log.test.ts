import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientGroups, logEntries } from "../db/schema/index.ts";
import { createTestApp, type TestApp } from "../test/app.ts";
import { holdStatements } from "../test/hold-statements.ts";
import { connectTo, jsonRequest, portOf, send } from "../test/raw-http.ts";
import { settles, waitFor, waitUntil } from "../test/wait.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: "127.0.0.1" });
});
afterAll(() => t.close());

const openConnections = () =>
  new Promise<number>((resolve, reject) =>
    t.app.server.getConnections((error, count) => (error ? reject(error) : resolve(count))),
  );

describe("activity log and a client that hangs up", () => {
  it("records a change whose client closed the connection before the answer, with the address it came from", async () => {
    const office = await t.as("office");
    const name = "Группа без ответа";
    const insert = holdStatements(t.db, /^insert into "client_groups"/);
    try {
      const socket = await connectTo(portOf(t.app));
      await send(
        socket,
        jsonRequest(
          "POST",
          "/api/profiles/groups/",
          { name },
          { Authorization: office.headers.authorization },
        ),
      );
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
