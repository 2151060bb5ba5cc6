import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("errors at the HTTP level answer JSON with a Russian detail", () => {
  it("a body over the limit is 413", async () => {
    const res = await t.call("superuser", {
      method: "POST",
      url: "/api/users/register/",
      payload: { username: "big", password: "x".repeat(2 * 1024 * 1024), is_office: true },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ detail: "Слишком большой запрос", code: "payload_too_large" });
  });

  it("a body of an unsupported type is 415", async () => {
    const res = await t.call("superuser", {
      method: "POST",
      url: "/api/users/register/",
      headers: { "content-type": "application/xml" },
      payload: "<username>x</username>",
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().detail).toBe("Неподдерживаемый тип содержимого запроса");
  });

  it("a method a path does not have is 404 JSON", async () => {
    const res = await t.call("superuser", { method: "PATCH", url: "/api/users/whoiam/" });
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toBe("Не найдено");
  });

  it("a query of the wrong type names the field", async () => {
    const res = await t.call("superuser", { method: "GET", url: "/api/users/logs/?offset=abc" });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty("offset");
  });
});
