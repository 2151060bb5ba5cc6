import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Db } from "../../db/client.ts";
import { createActivityLog, redact } from "../../http/activity-log.ts";
import { createTestApp, TEST_PASSWORD, type TestApp } from "../../test/app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Entry = {
  request_method: string;
  path: string;
  user: number | null;
  status_code: number;
  request_body: unknown;
  timestamp: string;
};

async function logPage(query = "") {
  await t.app.activityLog.flush();
  const res = await t.call("superuser", { method: "GET", url: `/api/users/logs/${query}` });
  expect(res.statusCode).toBe(200);
  return res.json() as { count: number; next: string | null; previous: string | null; results: Entry[] };
}

describe("activity log", () => {
  it("records a mutating request with method, path, account, status and the body, password hidden", async () => {
    const admin = await t.as("superuser");
    const res = await t.call("superuser", {
      method: "POST",
      url: "/api/users/register/",
      payload: { username: "logged", password: "very-secret", is_office: true },
    });
    expect(res.statusCode).toBe(201);
    const [entry] = (await logPage()).results;
    expect(entry).toMatchObject({
      request_method: "POST",
      path: "/api/users/register/",
      user: admin.id,
      status_code: 201,
      request_body: { username: "logged", password: "***", is_office: true },
    });
    expect(JSON.stringify(entry)).not.toContain("very-secret");
  });

  it("records sign-in attempts, failed ones too, with the account they named and no secrets", async () => {
    const seller = await t.as("seller");
    await t.app.inject({
      method: "POST",
      url: "/api/token/",
      payload: { username: "seller-user", password: "wrong" },
    });
    const ok = await t.app.inject({
      method: "POST",
      url: "/api/token/",
      payload: { username: "seller-user", password: TEST_PASSWORD },
    });
    await t.app.inject({
      method: "POST",
      url: "/api/token/refresh/",
      payload: { refresh: ok.json().refresh },
    });
    await t.app.inject({
      method: "POST",
      url: "/api/token/",
      payload: { username: "no-such-user", password: "x" },
    });
    const [unknown, refresh, success, failure] = (await logPage()).results;
    expect(failure).toMatchObject({
      path: "/api/token/",
      user: seller.id,
      status_code: 401,
      request_body: { username: "seller-user", password: "***" },
    });
    expect(success).toMatchObject({ path: "/api/token/", user: seller.id, status_code: 200 });
    expect(refresh).toMatchObject({
      path: "/api/token/refresh/",
      user: seller.id,
      request_body: { refresh: "***" },
    });
    expect(unknown).toMatchObject({ user: null, status_code: 401 });
    expect(JSON.stringify([unknown, refresh, success, failure])).not.toContain(TEST_PASSWORD);
  });

  it("does not record token verification, which every page load makes", async () => {
    const before = (await logPage()).count;
    const { access } = (
      await t.app.inject({
        method: "POST",
        url: "/api/token/",
        payload: { username: "seller-user", password: TEST_PASSWORD },
      })
    ).json();
    await t.app.inject({ method: "POST", url: "/api/token/verify/", payload: { token: access } });
    await t.app.inject({ method: "POST", url: "/api/token/verify", payload: { token: "garbage" } });
    const after = await logPage();
    expect(after.count).toBe(before + 1);
    expect(after.results[0]?.path).toBe("/api/token/");
  });

  it("filters by account, method and a case-insensitive piece of the path, with counts and links", async () => {
    const office = await t.as("office");
    await t.call("office", { method: "POST", url: "/api/storehouse/brands/", payload: { name: "Фильтр" } });
    await t.call("office", { method: "DELETE", url: "/api/storehouse/brands/999999/" });
    await t.call("superuser", {
      method: "POST",
      url: "/api/storehouse/brands/",
      payload: { name: "Другой" },
    });

    const byAccount = await logPage(`?user=${office.id}`);
    expect(byAccount.results.length).toBeGreaterThanOrEqual(2);
    expect(byAccount.results.every((e) => e.user === office.id)).toBe(true);

    const deletes = await logPage(`?user=${office.id}&request_method=DELETE`);
    expect(deletes.count).toBe(1);
    expect(deletes.results[0]).toMatchObject({
      request_method: "DELETE",
      path: "/api/storehouse/brands/999999/",
    });

    const brands = await logPage("?path__icontains=STOREHOUSE/Brands&request_method=POST&limit=1");
    expect(brands.count).toBe(2);
    expect(brands.results).toHaveLength(1);
    expect(brands.next).toBe(
      "/api/users/logs/?path__icontains=STOREHOUSE%2FBrands&request_method=POST&limit=1&offset=1",
    );

    // `%` and `_` are literal, not wildcards.
    expect((await logPage("?path__icontains=%25")).count).toBe(0);
    expect((await logPage("?path__icontains=brands_")).count).toBe(0);
  });

  it("does not record reads", async () => {
    const before = (await logPage()).count;
    await t.call("superuser", { method: "GET", url: "/api/users/" });
    expect((await logPage()).count).toBe(before);
  });

  it("records refused and invalid requests with their status", async () => {
    await t.call("seller", { method: "DELETE", url: "/api/users/1/" });
    await t.call("superuser", { method: "PUT", url: "/api/users/1/", payload: { username: "" } });
    const [invalid, refused] = (await logPage()).results;
    expect(refused).toMatchObject({ request_method: "DELETE", status_code: 403 });
    expect(invalid).toMatchObject({
      request_method: "PUT",
      status_code: 400,
      request_body: { username: "" },
    });
  });

  it("pages newest first with limit, offset, links and timestamp__lte", async () => {
    for (let i = 0; i < 5; i++) {
      t.clock.advance(1000);
      await t.app.inject({
        method: "POST",
        url: "/api/token/",
        payload: { username: `p${i}`, password: "x" },
      });
    }
    const all = await logPage("?limit=1000");
    const first = await logPage("?limit=2&offset=0");
    expect(first.count).toBe(all.count);
    expect(first.results).toEqual(all.results.slice(0, 2));
    expect(first.results[0]?.request_body).toMatchObject({ username: "p4" });
    expect(first.previous).toBeNull();
    expect(first.next).toBe("/api/users/logs/?limit=2&offset=2");
    const second = await logPage("?limit=2&offset=2");
    expect(second.results).toEqual(all.results.slice(2, 4));
    expect(second.previous).toBe("/api/users/logs/?limit=2&offset=0");
    const cut = all.results[2]?.timestamp ?? "";
    const older = await logPage(`?limit=1000&timestamp__lte=${encodeURIComponent(cut)}`);
    expect(older.results.every((e) => e.timestamp <= cut)).toBe(true);
    expect(older.results[0]).toEqual(all.results[2]);
  });

  it.each([
    "?limit=abc",
    "?limit=0",
    "?limit=5000",
    "?offset=-1",
    "?timestamp__lte=yesterday",
    "?user=abc",
    "?request_method=GET",
  ])("rejects the query %s", async (query) => {
    const res = await t.call("superuser", { method: "GET", url: `/api/users/logs/${query}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(/^Некорректные данные/);
  });

  it("keeps entries recorded just before the app closes", async () => {
    const other = await createTestApp();
    await other.call("superuser", {
      method: "POST",
      url: "/api/users/register/",
      payload: { username: "late", password: "password1", is_seller: true },
    });
    await other.app.close();
    const rows = await other.db.query.logEntries.findMany();
    expect(rows.map((r) => r.path)).toContain("/api/users/register/");
    await other.database.close();
  });
});

describe("activity log under bad input", () => {
  it("keeps a superuser's change made alongside a sign-in whose body the database cannot store as sent", async () => {
    const poisoned = t.app.inject({
      method: "POST",
      url: "/api/token/",
      payload: { username: "nul\u0000user\ud83d", password: "x" },
    });
    const change = t.call("superuser", {
      method: "POST",
      url: "/api/users/register/",
      payload: { username: "beside-poison", password: "password1", is_seller: true },
    });
    const [signIn, created] = await Promise.all([poisoned, change]);
    expect(signIn.statusCode).toBe(400);
    expect(created.statusCode).toBe(201);
    const results = (await logPage("?limit=10")).results;
    expect(results.find((e) => e.path === "/api/users/register/")).toMatchObject({
      request_body: { username: "beside-poison", password: "***" },
    });
    expect(results.find((e) => e.path === "/api/token/")).toMatchObject({
      status_code: 400,
      request_body: { username: "nuluser\ufffd", password: "***" },
    });
  });

  it("records a row the database refuses on its own as a row saying so, and the rest of its batch", async () => {
    // A refusal nobody foresaw: the database rejects one row of the batch whatever its text.
    await t.db.execute(sql`create function refuse_marked() returns trigger language plpgsql as $$
      begin
        if new.request_body->>'name' = 'Отказ' then raise exception 'log row refused'; end if;
        return new;
      end $$`);
    await t.db.execute(
      sql`create trigger refuse_marked before insert on log_entries for each row execute function refuse_marked()`,
    );
    try {
      await t.call("superuser", {
        method: "POST",
        url: "/api/storehouse/brands/",
        payload: { name: "Отказ" },
      });
      await t.call("superuser", {
        method: "POST",
        url: "/api/storehouse/brands/",
        payload: { name: "Рядом" },
      });
      const results = (await logPage("?path__icontains=storehouse/brands&limit=2")).results;
      expect(results.map((e) => e.request_body)).toEqual([
        { name: "Рядом" },
        {
          detail: "Запись журнала не удалось сохранить целиком",
          reason: expect.stringContaining("log row refused"),
        },
      ]);
      expect(results[1]).toMatchObject({ request_method: "POST", status_code: 201 });
    } finally {
      await t.db.execute(sql`drop trigger refuse_marked on log_entries`);
      await t.db.execute(sql`drop function refuse_marked()`);
    }
  });
});

describe("redact", () => {
  it("hides secrets at any depth and cuts long strings and lists", () => {
    const body = {
      password: "a",
      nested: { access: "b", refresh: "c", token: "d", new_password: "e", keep: "f" },
      list: Array.from({ length: 150 }, (_, i) => i),
      text: "x".repeat(5000),
    };
    const out = redact(body) as Record<string, unknown> & {
      nested: Record<string, unknown>;
      list: unknown[];
      text: string;
    };
    expect(out.password).toBe("***");
    expect(out.nested).toEqual({
      access: "***",
      refresh: "***",
      token: "***",
      new_password: "***",
      keep: "f",
    });
    expect(out.list).toHaveLength(101);
    expect(out.list.at(-1)).toBe("… ещё 50");
    expect(out.text.length).toBeLessThan(2100);
  });
});

describe("createActivityLog", () => {
  it("keeps the rows while the database is away and writes them once it is back, trying less and less often", async () => {
    vi.useFakeTimers();
    const written: unknown[] = [];
    let away = true;
    const lost = Object.assign(new Error("terminating connection due to administrator command"), {
      code: "57P01",
    });
    const db = {
      insert: () => ({
        values: async (rows: unknown) => {
          if (away) throw lost;
          written.push(...[rows].flat());
        },
      }),
    } as unknown as Db;
    const onError = vi.fn();
    const log = createActivityLog(db, { onError, flushEveryMs: 100 });
    try {
      for (const path of ["/api/a/", "/api/b/", "/api/c/"]) {
        log.record({ requestMethod: "POST", timestamp: new Date(), path });
      }
      // Ten seconds away: tries after 1, 2, 4 and 8 s (and the first), not every tick.
      await vi.advanceTimersByTimeAsync(10_000);
      expect(onError.mock.calls.length).toBeGreaterThanOrEqual(3);
      expect(onError.mock.calls.length).toBeLessThanOrEqual(5);
      away = false;
      log.record({ requestMethod: "POST", timestamp: new Date(), path: "/api/d/" });
      await vi.advanceTimersByTimeAsync(20_000);
      expect(written.map((row) => (row as { path: string }).path)).toEqual([
        "/api/a/",
        "/api/b/",
        "/api/c/",
        "/api/d/",
      ]);
    } finally {
      await log.close();
      vi.useRealTimers();
    }
  });

  it("never throws into the request when the database refuses the write", async () => {
    const failing = {
      insert: () => ({ values: () => Promise.reject(new Error("disk full")) }),
    } as unknown as Db;
    const onError = vi.fn();
    const log = createActivityLog(failing, { onError, flushEveryMs: 60_000 });
    log.record({ requestMethod: "POST", timestamp: new Date(), path: "/api/x/" });
    await expect(log.flush()).resolves.toBeUndefined();
    // The batch, then its one row alone, then the row saying it could not be stored.
    expect(onError).toHaveBeenCalledTimes(3);
    await log.close();
  });
});
