import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("GET /api/health", () => {
  it("answers ok while the database answers", async () => {
    const res = await t.call(null, { method: "GET", url: "/api/health" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "ok" });
  });

  it("unknown API paths answer 404 JSON with a Russian detail", async () => {
    const res = await t.call(null, { method: "GET", url: "/api/no-such-thing/" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: "Не найдено", code: "not_found" });
  });
});
