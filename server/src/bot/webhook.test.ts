import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.ts";
import type { Database } from "../db/client.ts";
import { fixedClock } from "../lib/clock.ts";
import { TEST_SECRET } from "../test/app.ts";
import { openTestDatabase } from "../test/database.ts";
import { type FakeBotApi, startFakeBotApi } from "../test/fake-bot-api.ts";
import { createLiveBot, webhookSecret } from "./run.ts";

let database: Database;
let fake: FakeBotApi;
let app: Awaited<ReturnType<typeof buildApp>>;
let secretToken: string;
const logged: string[] = [];
beforeAll(async () => {
  database = await openTestDatabase();
  fake = await startFakeBotApi();
  const clock = fixedClock("2026-11-20T09:00:00Z");
  const note = (_: Record<string, unknown>, message: string) => void logged.push(message);
  const bot = createLiveBot(
    { token: fake.token, apiRoot: fake.apiRoot },
    { db: database.db, clock, log: { error: note, warn: note } },
  );
  secretToken = webhookSecret(fake.token, undefined);
  app = await buildApp({
    db: database.db,
    clock,
    jwtSecret: TEST_SECRET,
    webDist: null,
    botWebhook: { bot, secretToken },
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await fake.close();
  await database.close();
});

describe("the webhook", () => {
  it("answers 400 to a body that is not an update with an integer id, and never reaches the database", async () => {
    for (const body of ["null", "[1,2,3]", "12", '"x"', '{"update_id":"abc"}', '{"update_id":1.5}', "{}"]) {
      const res = await app.inject({
        method: "POST",
        url: "/api/bot/webhook/",
        headers: { "content-type": "application/json", "x-telegram-bot-api-secret-token": secretToken },
        payload: body,
      });
      expect({ body, status: res.statusCode }).toEqual({ body, status: 400 });
      expect(res.json()).toMatchObject({ detail: expect.any(String) });
    }
    expect(logged).toEqual([]);
    expect(fake.callsTo("sendMessage")).toEqual([]);
  });
});
