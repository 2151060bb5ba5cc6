import type { Socket } from "node:net";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { clientGroups, logEntries } from "../db/schema/index.ts";
import { createTestApp } from "../test/app.ts";
import { holdStatements } from "../test/hold-statements.ts";
import { connectTo, jsonRequest, portOf, send } from "../test/raw-http.ts";
import { settles, waitUntil } from "../test/wait.ts";

type Answer = { status: number; headers: string; body: string };

/** Every answer the server sends on `socket` until it closes the connection. */
function answersUntilClosed(socket: Socket): Promise<Answer[]> {
  const chunks: Buffer[] = [];
  socket.on("data", (chunk: Buffer) => chunks.push(chunk));
  return new Promise((resolve, reject) => {
    socket.once("error", reject);
    socket.once("close", () => {
      let rest = Buffer.concat(chunks);
      const answers: Answer[] = [];
      while (rest.length > 0) {
        const headEnd = rest.indexOf("\r\n\r\n");
        const headers = rest.subarray(0, headEnd).toString("utf8");
        const length = Number(/\r\ncontent-length: (\d+)/i.exec(headers)?.[1] ?? 0);
        const body = rest.subarray(headEnd + 4, headEnd + 4 + length).toString("utf8");
        answers.push({ status: Number(headers.slice(9, 12)), headers, body });
        rest = rest.subarray(headEnd + 4 + length);
      }
      resolve(answers);
    });
  });
}

describe("a request that reaches a server while it shuts down (SIGTERM)", () => {
  it("is served: its change is made and answered, with the connection closed after it", async () => {
    const t = await createTestApp();
    try {
      await t.app.listen({ port: 0, host: "127.0.0.1" });
      const office = await t.as("office");
      const auth = { Authorization: office.headers.authorization };
      const socket = await connectTo(portOf(t.app));
      const answers = answersUntilClosed(socket);
      // The first request holds the connection busy: a shutdown waits for it rather than cutting it.
      const insert = holdStatements(t.db, /^insert into "client_groups"/);
      let closing: Promise<void> | undefined;
      try {
        await send(socket, jsonRequest("POST", "/api/profiles/groups/", { name: "До остановки" }, auth));
        await settles("the first change to reach the database", insert.held);
        closing = t.app.close();
        await waitUntil("the server to stop taking connections", () => !t.app.server.listening);
        await send(
          socket,
          jsonRequest("POST", "/api/profiles/groups/", { name: "Во время остановки" }, auth),
        );
      } finally {
        insert.release();
      }
      const [first, second] = await settles("the server to answer both and close the connection", answers);
      await closing;

      expect(first?.status).toBe(201);
      expect(second?.status).toBe(201);
      expect(JSON.parse(second?.body ?? "")).toMatchObject({ name: "Во время остановки" });
      expect(second?.headers).toMatch(/\r\nconnection: close/i);
      const names = (await t.db.select({ name: clientGroups.name }).from(clientGroups)).map((g) => g.name);
      expect(names).toEqual(expect.arrayContaining(["До остановки", "Во время остановки"]));
      // The activity log, flushed as the app closed, has both.
      const logged = await t.db.select().from(logEntries).where(eq(logEntries.path, "/api/profiles/groups/"));
      expect(logged.map((row) => [row.requestBody, row.statusCode])).toEqual(
        expect.arrayContaining([
          [expect.objectContaining({ name: "До остановки" }), 201],
          [expect.objectContaining({ name: "Во время остановки" }), 201],
        ]),
      );
    } finally {
      await t.database.close();
    }
  });
});
