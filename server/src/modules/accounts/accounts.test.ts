import { PERMISSIONS } from "@wholesale/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedAccount } from "../../db/factories/accounts.ts";
import { accounts } from "../../db/schema/index.ts";
import { createTestApp, TEST_PASSWORD, type TestApp } from "../../test/app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const register = (payload: object) =>
  t.call("superuser", { method: "POST", url: "/api/users/register/", payload });
const update = (id: number | string, payload: object) =>
  t.call("superuser", { method: "PUT", url: `/api/users/${id}/`, payload });
const signIn = (username: string, password: string) =>
  t.app.inject({ method: "POST", url: "/api/token/", payload: { username, password } });

describe("GET /api/users/whoiam/", () => {
  it("returns the account with the permissions its role grants", async () => {
    const res = await t.call("storehouse", { method: "GET", url: "/api/users/whoiam/" });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      username: "storehouse-user",
      role: "storehouse",
      is_storehouse: true,
      is_superuser: false,
      is_active: true,
    });
    expect(body.permissions).toEqual([
      "catalogue.read",
      "stock.write",
      "orders.read",
      "orders.pick",
      "reports.read",
    ]);
    expect(body).not.toHaveProperty("password_hash");
    expect(body).not.toHaveProperty("passwordHash");
  });

  it("a superuser holds every permission", async () => {
    const res = await t.call("superuser", { method: "GET", url: "/api/users/whoiam/" });
    expect(res.json().permissions).toEqual([...PERMISSIONS]);
  });
});

describe("POST /api/users/register/", () => {
  it("creates an account with one role and an argon2id hash", async () => {
    const res = await register({ username: "olga", password: "s3cret-pass", is_office: true });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      username: "olga",
      is_office: true,
      is_storehouse: false,
      is_seller: false,
      is_superuser: false,
      is_active: true,
      last_login: null,
    });
    const [row] = await t.db.select().from(accounts).where(eq(accounts.username, "olga"));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect((await signIn("olga", "s3cret-pass")).statusCode).toBe(200);
  });

  it("refuses a username that exists, whatever its case, with a field error", async () => {
    const res = await register({ username: "OLGA", password: "another-pass", is_seller: true });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: "conflict",
      detail: "Пользователь с таким именем уже существует",
      errors: { username: ["Пользователь с таким именем уже существует"] },
    });
  });

  it.each([
    ["no role", { username: "r1", password: "password1" }],
    ["two roles", { username: "r2", password: "password1", is_office: true, is_seller: true }],
  ])("requires exactly one role (%s)", async (_case, payload) => {
    const res = await register(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.is_office).toEqual(["Выберите ровно одну роль: Офис, Склад или Продажник"]);
  });

  it.each([
    [{ password: "password1", is_office: true }, "username"],
    [{ username: "nopass", is_office: true }, "password"],
    [{ username: "short", password: "1234567", is_office: true }, "password"],
    [{ username: "has space", password: "password1", is_office: true }, "username"],
    [{ username: "u".repeat(151), password: "password1", is_office: true }, "username"],
    [{ username: "typed", password: "password1", is_office: "yes" }, "is_office"],
    [{ username: ["arr"], password: "password1", is_office: true }, "username"],
  ])("rejects %j on %s", async (payload, field) => {
    const before = await t.db.select().from(accounts);
    const res = await register(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty(field);
    expect(await t.db.select().from(accounts)).toHaveLength(before.length);
  });
});

describe("PUT /api/users/{id}/", () => {
  it("changes the name and role; an empty password keeps the old one", async () => {
    const created = (await register({ username: "ivan", password: "first-pass", is_seller: true })).json();
    const res = await update(created.id, { username: "ivan.p", password: "", is_storehouse: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ username: "ivan.p", is_seller: false, is_storehouse: true });
    expect((await signIn("ivan.p", "first-pass")).statusCode).toBe(200);
  });

  it("a new password replaces the old one and ends the account's sessions", async () => {
    const created = (await register({ username: "petr", password: "first-pass", is_office: true })).json();
    const { access } = (await signIn("petr", "first-pass")).json();
    const res = await update(created.id, { username: "petr", password: "second-pass", is_office: true });
    expect(res.statusCode).toBe(200);
    expect((await signIn("petr", "first-pass")).statusCode).toBe(401);
    expect((await signIn("petr", "second-pass")).statusCode).toBe(200);
    const old = await t.app.inject({
      method: "GET",
      url: "/api/users/whoiam/",
      headers: { authorization: `Bearer ${access}` },
    });
    expect(old.statusCode).toBe(401);
  });

  it("answers 404 for an unknown id and 400 for an id that is not a number", async () => {
    const payload = { username: "ghost", is_office: true };
    expect((await update(999999, payload)).statusCode).toBe(404);
    expect((await update(999999, payload)).json().detail).toBe("Аккаунт не найден");
    expect((await update("abc", payload)).statusCode).toBe(400);
    expect((await update("99999999999999", payload)).statusCode).toBe(400);
  });

  it("refuses to take another account's username", async () => {
    const created = (await register({ username: "masha", password: "password1", is_office: true })).json();
    const res = await update(created.id, { username: "Olga", is_office: true });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors.username).toBeDefined();
    const [row] = await t.db.select().from(accounts).where(eq(accounts.id, created.id));
    expect(row?.username).toBe("masha");
  });

  it("the last active superuser cannot demote or disable themselves", async () => {
    const me = await t.as("superuser");
    const demote = await update(me.id, { username: me.username, is_office: true, is_superuser: false });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().detail).toBe("Нельзя лишить прав или отключить последнего активного суперюзера");
    const second = await seedAccount(t.db, { username: "root2", password: TEST_PASSWORD, role: "superuser" });
    const ok = await update(second.id, { username: "root2", is_office: true, is_superuser: false });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().is_superuser).toBe(false);
  });
});

describe("DELETE /api/users/{id}/", () => {
  it("deletes an account; its id then answers 404", async () => {
    const created = (await register({ username: "temp", password: "password1", is_seller: true })).json();
    const res = await t.call("superuser", { method: "DELETE", url: `/api/users/${created.id}/` });
    expect(res.statusCode).toBe(204);
    const again = await t.call("superuser", { method: "DELETE", url: `/api/users/${created.id}/` });
    expect(again.statusCode).toBe(404);
  });

  it("nobody can delete themselves", async () => {
    const me = await t.as("superuser");
    const res = await t.call("superuser", { method: "DELETE", url: `/api/users/${me.id}/` });
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe("Нельзя удалить собственный аккаунт");
  });

  it("two superusers deleting each other at once cannot leave none", async () => {
    const a = await seedAccount(t.db, { username: "sa", password: TEST_PASSWORD, role: "superuser" });
    const b = await seedAccount(t.db, { username: "sb", password: TEST_PASSWORD, role: "superuser" });
    const me = await t.as("superuser");
    // Demote the test's own superuser so that a and b are the only two.
    await t.db.update(accounts).set({ isSuperuser: false, isOffice: true }).where(eq(accounts.id, me.id));
    await t.db
      .update(accounts)
      .set({ isSuperuser: false, isOffice: true })
      .where(eq(accounts.username, "root2"));
    const tokenOf = async (username: string) => (await signIn(username, TEST_PASSWORD)).json().access;
    const [ta, tb] = [await tokenOf("sa"), await tokenOf("sb")];
    const results = await Promise.all([
      t.app.inject({
        method: "DELETE",
        url: `/api/users/${b.id}/`,
        headers: { authorization: `Bearer ${ta}` },
      }),
      t.app.inject({
        method: "DELETE",
        url: `/api/users/${a.id}/`,
        headers: { authorization: `Bearer ${tb}` },
      }),
    ]);
    expect(results.filter((r) => r.statusCode === 204)).toHaveLength(1);
    const left = await t.db.select().from(accounts).where(eq(accounts.isSuperuser, true));
    expect(left).toHaveLength(1);
    await t.db.update(accounts).set({ isSuperuser: true, isOffice: false }).where(eq(accounts.id, me.id));
  });
});

describe("GET /api/users/", () => {
  it("lists every account in {results}, oldest first", async () => {
    const res = await t.call("superuser", { method: "GET", url: "/api/users/" });
    expect(res.statusCode).toBe(200);
    const { results } = res.json();
    expect(results.map((a: { username: string }) => a.username)).toContain("olga");
    const ids = results.map((a: { id: number }) => a.id);
    expect(ids).toEqual([...ids].sort((x, y) => x - y));
  });
});
