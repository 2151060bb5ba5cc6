import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase, secondInstance, type TestDatabase } from "../test/database.ts";
import { waitUntil } from "../test/wait.ts";
import type { Database } from "./client.ts";
import { notify, subscribe } from "./notifications.ts";

let database: TestDatabase;
let other: Database;
beforeAll(async () => {
  database = await openTestDatabase();
  other = await secondInstance(database);
});
afterAll(async () => {
  await other.close();
  await database.close();
});

describe("notifications across instances", () => {
  it("hears what another instance notifies, once its transaction commits", async () => {
    const heard: string[] = [];
    const listening: number[] = [];
    const subscription = subscribe(database.db, "test_channel", {
      onMessage: (payload) => heard.push(payload),
      onListening: () => listening.push(Date.now()),
    });
    try {
      await waitUntil("the subscription to listen", () => listening.length === 1);
      await other.db.transaction(async (tx) => {
        await notify(tx, "test_channel", "первое");
        await new Promise((r) => setTimeout(r, 50));
        expect(heard, "nothing is heard before the commit").toEqual([]);
      });
      await notify(other.db, "another_channel", "не сюда");
      await notify(other.db, "test_channel", "второе");
      await waitUntil("both notifications", () => heard.length === 2);
      expect(heard).toEqual(["первое", "второе"]);
    } finally {
      await subscription.close();
    }
  });

  it.skipIf(process.env.TEST_DB !== "postgres")(
    "listens again when its connection is terminated, and says so, so the subscriber reads what it missed",
    async () => {
      const heard: string[] = [];
      const listening: number[] = [];
      const lost: unknown[] = [];
      const subscription = subscribe(database.db, "test_restart", {
        onMessage: (payload) => heard.push(payload),
        onListening: () => listening.push(Date.now()),
        onLost: (error) => lost.push(error),
      });
      try {
        await waitUntil("the subscription to listen", () => listening.length === 1);
        await other.db.execute(
          sql`select pg_terminate_backend(pid) from pg_stat_activity
              where datname = current_database() and query like 'LISTEN%'`,
        );
        await waitUntil("the loss to be noticed", () => lost.length > 0);
        await waitUntil("the subscription to listen again", () => listening.length === 2);
        await notify(other.db, "test_restart", "после обрыва");
        await waitUntil("the notification after the loss", () => heard.includes("после обрыва"));
      } finally {
        await subscription.close();
      }
    },
  );
});
