import { z } from "@wholesale/contract";
import Fastify from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/app.ts";
import { answerFrameworkError, badRequest, registerErrorHandler } from "./errors.ts";

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

describe("an answer that does not match its route's schema", () => {
  /** A bare app with the error handler, whose routes declare answers they do not send; its log kept. */
  async function appWithWrongSchemas() {
    const logged: { level: number; msg: string; err?: { message: string } }[] = [];
    const app = Fastify({
      logger: { level: "error", stream: { write: (line: string) => void logged.push(JSON.parse(line)) } },
      frameworkErrors: answerFrameworkError,
    }).withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandler(app);
    const refusal = z.object({ detail: z.string(), can_still: z.number() });
    app.get("/ok-wrong", { schema: { response: { 200: z.object({ name: z.string() }) } } }, () => ({
      name: 5 as unknown as string,
    }));
    app.get(
      "/refused",
      { schema: { querystring: z.object({ n: z.coerce.number().int() }), response: { 400: refusal } } },
      () => {
        throw badRequest("Неверное количество");
      },
    );
    app.get("/items/:id", () => ({}));
    await app.ready();
    return { app, logged };
  }

  it("is logged and answered as a Russian 500 in the error model, never Fastify's English one", async () => {
    const { app, logged } = await appWithWrongSchemas();
    const res = await app.inject({ method: "GET", url: "/ok-wrong" });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ detail: "Внутренняя ошибка сервера", code: "server_error" });
    expect(logged).toEqual([expect.objectContaining({ msg: "request failed" })]);
    await app.close();
  });

  it("an error is sent in the error model whatever the route declares for its status", async () => {
    const { app, logged } = await appWithWrongSchemas();
    const invalid = await app.inject({ method: "GET", url: "/refused?n=abc" });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({ code: "validation_error", errors: { n: [expect.any(String)] } });
    expect(invalid.json().detail).toMatch(/^Некорректные данные/);
    const thrown = await app.inject({ method: "GET", url: "/refused?n=1" });
    expect(thrown.statusCode).toBe(400);
    expect(thrown.json()).toEqual({ detail: "Неверное количество", code: "bad_request" });
    expect(logged).toEqual([]);
    await app.close();
  });

  it("a path the router cannot decode, or too long a parameter, is the error model too", async () => {
    const { app } = await appWithWrongSchemas();
    const bad = await app.inject({ method: "GET", url: "/items/%E2%82" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ detail: "Некорректный адрес запроса", code: "bad_request" });
    const long = await app.inject({ method: "GET", url: `/items/${"1".repeat(101)}` });
    expect(long.statusCode).toBe(414);
    expect(long.json()).toEqual({ detail: "Слишком длинный адрес запроса", code: "uri_too_long" });
    await app.close();
  });
});
