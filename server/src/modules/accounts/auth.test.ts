import { eq } from "drizzle-orm";
import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedAccount } from "../../db/factories/accounts.ts";
import { accounts } from "../../db/schema/index.ts";
import { createTestApp, TEST_PASSWORD, TEST_SECRET, type TestApp } from "../../test/app.ts";
import { MAX_FAILURES_PER_IP, MAX_FAILURES_PER_USERNAME } from "./auth-service.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedAccount(t.db, { username: "anna", password: TEST_PASSWORD, role: "office" });
  await seedAccount(t.db, { username: "gone", password: TEST_PASSWORD, role: "office", isActive: false });
});
afterAll(() => t.close());

const signIn = (username: unknown, password: unknown, ip = "10.0.0.1") =>
  t.app.inject({ method: "POST", url: "/api/token/", payload: { username, password }, remoteAddress: ip });

const whoiam = (token: string) =>
  t.app.inject({ method: "GET", url: "/api/users/whoiam/", headers: { authorization: `Bearer ${token}` } });

const verify = (token: string) =>
  t.app.inject({ method: "POST", url: "/api/token/verify/", payload: { token } });

describe("POST /api/token/", () => {
  it("returns an access and a refresh token for the right password and records the login", async () => {
    const res = await signIn("anna", TEST_PASSWORD);
    expect(res.statusCode).toBe(200);
    const { access, refresh } = res.json();
    expect(access).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(refresh).not.toBe(access);
    expect((await whoiam(access)).json()).toMatchObject({ username: "anna", is_office: true });
    const [row] = await t.db.select().from(accounts).where(eq(accounts.username, "anna"));
    expect(row?.lastLogin?.toISOString()).toBe(t.clock.now().toISOString());
  });

  it("matches the username without regard to case", async () => {
    expect((await signIn("ANNA", TEST_PASSWORD)).statusCode).toBe(200);
  });

  it.each([
    ["a wrong password", "anna", "wrong-password"],
    ["an unknown username", "nobody", TEST_PASSWORD],
    ["an inactive account", "gone", TEST_PASSWORD],
  ])("refuses %s with the same 401", async (_case, username, password) => {
    const res = await signIn(username, password, "10.0.0.9");
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: "Неверный логин или пароль", code: "authentication_failed" });
  });

  it.each([
    [{}, ["username", "password"]],
    [{ username: "anna" }, ["password"]],
    [{ username: 5, password: true }, ["username", "password"]],
    [{ username: "x".repeat(151), password: "y" }, ["username"]],
    [{ username: "anna", password: "p".repeat(129) }, ["password"]],
  ])("rejects bad input %j field by field", async (payload, fields) => {
    const res = await t.app.inject({ method: "POST", url: "/api/token/", payload });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe("validation_error");
    expect(body.detail).toMatch(/^Некорректные данные/);
    expect(Object.keys(body.errors).sort()).toEqual([...fields].sort());
  });

  it("rejects a body that is not JSON", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/token/",
      headers: { "content-type": "application/json" },
      payload: "{username:",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe("Некорректный JSON в теле запроса");
  });
});

describe("sign-in rate limit", () => {
  it("locks a username after repeated failures, even for the right password, until the window passes", async () => {
    await seedAccount(t.db, { username: "target", password: TEST_PASSWORD, role: "seller" });
    for (let i = 0; i < MAX_FAILURES_PER_USERNAME; i++) {
      expect((await signIn("target", "guess", `10.1.0.${i}`)).statusCode).toBe(401);
    }
    const locked = await signIn("target", TEST_PASSWORD, "10.1.1.1");
    expect(locked.statusCode).toBe(429);
    expect(locked.json().detail).toMatch(/Слишком много неудачных попыток входа/);
    t.clock.advance(16 * 60 * 1000);
    expect((await signIn("target", TEST_PASSWORD, "10.1.1.1")).statusCode).toBe(200);
  });

  it("locks an IP that guesses across many usernames", async () => {
    for (let i = 0; i < MAX_FAILURES_PER_IP; i++) {
      await signIn(`someone-${i}`, "guess", "10.2.0.1");
    }
    expect((await signIn("anna", TEST_PASSWORD, "10.2.0.1")).statusCode).toBe(429);
    expect((await signIn("anna", TEST_PASSWORD, "10.2.0.2")).statusCode).toBe(200);
    t.clock.advance(16 * 60 * 1000);
  });
});

describe("tokens", () => {
  const tokensOf = async (username = "anna") => (await signIn(username, TEST_PASSWORD)).json();

  it("refresh gives a new working access token", async () => {
    const { refresh } = await tokensOf();
    const res = await t.app.inject({ method: "POST", url: "/api/token/refresh/", payload: { refresh } });
    expect(res.statusCode).toBe(200);
    expect((await whoiam(res.json().access)).statusCode).toBe(200);
  });

  it("refresh refuses an access token and garbage", async () => {
    const { access } = await tokensOf();
    for (const refresh of [access, "garbage"]) {
      const res = await t.app.inject({ method: "POST", url: "/api/token/refresh/", payload: { refresh } });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe("token_not_valid");
    }
  });

  it("an access token does not work as a refresh token and a refresh token does not open the API", async () => {
    const { refresh } = await tokensOf();
    const res = await whoiam(refresh);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: "Токен недействителен или просрочен", code: "token_not_valid" });
  });

  it("verify answers 200 {} for a valid token", async () => {
    const { access, refresh } = await tokensOf();
    for (const token of [access, refresh]) {
      const res = await verify(token);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({});
    }
  });

  it("verify and the API refuse an expired access token", async () => {
    const { access } = await tokensOf();
    t.clock.advance(31 * 60 * 1000);
    expect((await verify(access)).json()).toEqual({
      detail: "Токен недействителен или просрочен",
      code: "token_not_valid",
    });
    expect((await whoiam(access)).statusCode).toBe(401);
  });

  it("refuses a token signed with another secret", async () => {
    const row = (await t.db.select().from(accounts).where(eq(accounts.username, "anna")))[0];
    const forged = await new SignJWT({ token_type: "access", user_id: row?.id, ver: row?.tokenVersion })
      .setProtectedHeader({ alg: "HS256" })
      .setIssuedAt(Math.floor(t.clock.now().getTime() / 1000))
      .setExpirationTime(Math.floor(t.clock.now().getTime() / 1000) + 600)
      .sign(new TextEncoder().encode(`${TEST_SECRET}-other`));
    expect((await verify(forged)).statusCode).toBe(401);
    expect((await whoiam(forged)).statusCode).toBe(401);
  });

  it("refuses an unsigned token (alg: none) and a token whose payload was altered", async () => {
    const { access } = await tokensOf();
    const [header, payload, signature] = access.split(".");
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString());
    const none = `${Buffer.from(JSON.stringify({ alg: "none", typ: "JWT" })).toString("base64url")}.${payload}.`;
    const superuser = Buffer.from(JSON.stringify({ ...claims, user_id: claims.user_id + 1 })).toString(
      "base64url",
    );
    for (const token of [none, `${header}.${superuser}.${signature}`]) {
      expect((await verify(token)).statusCode).toBe(401);
      expect((await whoiam(token)).statusCode).toBe(401);
    }
  });

  it("a missing or malformed Authorization header answers 401", async () => {
    const none = await t.app.inject({ method: "GET", url: "/api/users/whoiam/" });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({
      detail: "Учетные данные не были предоставлены.",
      code: "not_authenticated",
    });
    const basic = await t.app.inject({
      method: "GET",
      url: "/api/users/whoiam/",
      headers: { authorization: "Basic abc" },
    });
    expect(basic.statusCode).toBe(401);
  });

  it("tokens of a disabled account stop working at once", async () => {
    await seedAccount(t.db, { username: "leaver", password: TEST_PASSWORD, role: "seller" });
    const { access, refresh } = await tokensOf("leaver");
    await t.db.update(accounts).set({ isActive: false }).where(eq(accounts.username, "leaver"));
    expect((await whoiam(access)).statusCode).toBe(401);
    expect((await verify(refresh)).statusCode).toBe(401);
  });
});
