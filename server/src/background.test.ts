import { BOT_TEXT_PATHS } from "@wholesale/contract";
import { expect, it } from "vitest";
import type { Services } from "./services.ts";
import { createTestApp } from "./test/app.ts";
import { waitUntil } from "./test/wait.ts";

it("starts the jobs and the bot when the app is ready, with the routes' own services, and stops both on close", async () => {
  const events: string[] = [];
  let given: Services | undefined;
  let runs = 0;
  const t = await createTestApp({
    jobs: (services) => {
      given = services;
      return [
        {
          name: "probe",
          intervalMs: 20,
          run: async () => {
            runs += 1;
          },
        },
      ];
    },
    bot: () => {
      events.push("bot started");
      return {
        stop: async () => {
          events.push("bot stopped");
        },
      };
    },
  });
  await waitUntil("the job's first run", () => runs > 0);
  expect(events).toEqual(["bot started"]);

  // A job works with the very service a route answers from: one assembly, not a second copy.
  const [path, kind] = Object.entries(BOT_TEXT_PATHS)[0] ?? [];
  const services = given as Services;
  const read = services.botTexts.get;
  const asked: unknown[] = [];
  services.botTexts.get = (...args) => {
    asked.push(args[0]);
    return read(...args);
  };
  const res = await t.call("superuser", { method: "GET", url: `/api/messaging/${path}/` });
  expect(res.statusCode).toBe(200);
  expect(asked).toEqual([kind]);

  await t.close();
  expect(events).toEqual(["bot started", "bot stopped"]);
  const after = runs;
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(runs).toBe(after);
});
