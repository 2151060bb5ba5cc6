import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedClient, seedGroup, seedOrganization, seedTransportation } from "../../db/factories/clients.ts";
import { accessRules, CLIENT_TYPE_LARGE, clients } from "../../db/schema/index.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";

let t: TestApp;
const ids = { low: 0, high: 0, plain: 0, large: 0, inactive: 0, suspicious: 0, banned: 0, permanent: 0 };
beforeAll(async () => {
  t = await createTestApp();
  const low = await seedGroup(t.db, { name: "Низкая" });
  const high = await seedGroup(t.db, { name: "Высокая" });
  ids.low = low.id;
  ids.high = high.id;
  ids.plain = (await seedClient(t.db, { nickname: "Иван Обычный", groupId: low.id })).id;
  ids.large = (
    await seedClient(t.db, {
      nickname: "Оптовик",
      clientType: CLIENT_TYPE_LARGE,
      groupId: high.id,
      organizationName: "Магазин 100%_Связь",
    })
  ).id;
  ids.inactive = (
    await seedClient(t.db, { nickname: "Спящий", isActive: false, phoneNumber: "+79995550011" })
  ).id;
  ids.suspicious = (
    await seedClient(t.db, { nickname: "Хитрый", suspicious: true, telegramUsername: "Sly_Fox" })
  ).id;
  ids.banned = (await seedClient(t.db, { nickname: "Нарушитель", banned: true })).id;
  ids.permanent = (await seedClient(t.db, { nickname: "Изгнанный", permanentBanned: true, banned: true })).id;
});
afterAll(() => t.close());

const list = (url: string, role: "office" | "seller" | "storehouse" = "office") =>
  t.call(role, { method: "GET", url });
const put = (id: number | string, payload: unknown) =>
  t.call("seller", { method: "PUT", url: `/api/profiles/clients/${id}/`, payload: payload as object });
const names = (body: { results: { nickname: string }[] }) => body.results.map((c) => c.nickname);

describe("GET /api/profiles/clients/", () => {
  it("pages every client, by group descending, clients without a group last", async () => {
    const res = await list("/api/profiles/clients/?limit=2");
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.count).toBe(6);
    expect(names(body)).toEqual(["Оптовик", "Иван Обычный"]);
    expect(body.next).toBe("/api/profiles/clients/?limit=2&offset=2");
    expect(body.previous).toBeNull();
    expect(body.results[0].accessrules).toMatchObject({
      all_prices: [],
      banned_brands: [],
      total_limit: null,
    });
    const last = (await list("/api/profiles/clients/?limit=2&offset=4")).json();
    expect(last.next).toBeNull();
    expect(last.previous).toBe("/api/profiles/clients/?limit=2&offset=2");
  });

  it("a page past the end is empty but still counts", async () => {
    const body = (await list("/api/profiles/clients/?offset=50")).json();
    expect(body).toMatchObject({ count: 6, results: [], next: null });
  });

  it.each([
    ["small", ["Иван Обычный", "Спящий", "Хитрый", "Нарушитель", "Изгнанный"]],
    ["large", ["Оптовик"]],
    ["active", ["Оптовик", "Иван Обычный", "Хитрый"]],
    ["inactive", ["Спящий"]],
    ["suspicious", ["Хитрый"]],
    ["banned", ["Нарушитель", "Изгнанный"]],
    ["permanent_banned", ["Изгнанный"]],
  ])("filters tab %s on the server", async (tab, expected) => {
    const body = (await list(`/api/profiles/clients/?tab=${tab}`)).json();
    expect(names(body)).toEqual(expected);
    expect(body.count).toBe(expected.length);
  });

  it.each([
    ["иван", ["Иван Обычный"]],
    ["SLY_F", ["Хитрый"]],
    ["5550011", ["Спящий"]],
    ["100%_с", ["Оптовик"]],
    ["%", ["Оптовик"]],
    ["нет такого", []],
  ])("searches %s case-insensitively in nickname, organization, username and phone", async (q, expected) => {
    const body = (await list(`/api/profiles/clients/?search=${encodeURIComponent(q)}`)).json();
    expect(names(body)).toEqual(expected);
  });

  it("combines search with a tab", async () => {
    const body = (
      await list(`/api/profiles/clients/?tab=inactive&search=${encodeURIComponent("иван")}`)
    ).json();
    expect(body.count).toBe(0);
  });

  it("clients/active/ holds active clients only", async () => {
    const body = (await list("/api/profiles/clients/active/")).json();
    expect(names(body)).toEqual(["Оптовик", "Иван Обычный", "Хитрый", "Нарушитель", "Изгнанный"]);
  });

  it.each(["limit=0", "limit=1001", "offset=-1", "limit=abc", "tab=everyone", `search=${"x".repeat(201)}`])(
    "refuses bad query %s with 400",
    async (query) => {
      const res = await list(`/api/profiles/clients/?${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toBeDefined();
    },
  );

  it("is closed to the storehouse", async () => {
    expect((await list("/api/profiles/clients/", "storehouse")).statusCode).toBe(403);
    expect((await list("/api/profiles/clients/", "seller")).statusCode).toBe(200);
  });
});

describe("GET /api/profiles/clients/{id}/", () => {
  it("returns the client, 404 for an unknown id, 400 for a bad one", async () => {
    const res = await list(`/api/profiles/clients/${ids.plain}/`);
    expect(res.json()).toMatchObject({ id: ids.plain, nickname: "Иван Обычный", group: ids.low });
    expect((await list("/api/profiles/clients/999999/")).statusCode).toBe(404);
    expect((await list("/api/profiles/clients/abc/")).statusCode).toBe(400);
  });
});

describe("PUT /api/profiles/clients/{id}/", () => {
  it("toggles one status flag, leaving the rest", async () => {
    const res = await put(ids.plain, { banned: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ banned: true, is_active: true, nickname: "Иван Обычный" });
    expect((await put(ids.plain, { banned: false })).json().banned).toBe(false);
  });

  it("stores a phone as the bot does (+79123456789), so a search by it as typed finds the client", async () => {
    const client = (await seedClient(t.db, { nickname: "Телефонный" })).id;
    const res = await put(client, { phone_number: "8 (912) 777-66-55" });
    expect(res.statusCode).toBe(200);
    expect(res.json().phone_number).toBe("+79127776655");
    for (const q of ["89127776655", "+7 912 777-66-55", "7776655"]) {
      expect(names((await list(`/api/profiles/clients/?search=${encodeURIComponent(q)}`)).json())).toEqual([
        "Телефонный",
      ]);
    }
    const bad = await put(client, { phone_number: "позвонить" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.phone_number).toEqual(["Введите номер телефона, например +7 912 345-67-89"]);
    expect((await put(client, { phone_number: null })).json().phone_number).toBeNull();
    await t.db.delete(clients).where(eq(clients.id, client));
  });

  it("edits the dialog's fields and the access rules in one call", async () => {
    const group = await seedGroup(t.db);
    const direction = await seedTransportation(t.db);
    const organization = await seedOrganization(t.db);
    const res = await put(ids.plain, {
      nickname: "  Иван Петров ",
      group: group.id,
      transportation: direction.id,
      client_type: 2,
      organization: organization.id,
      organization_name: "Точка",
      allowed_price: true,
      allowed_price_w_markup: true,
      accessrules: { all_prices: ["Hoco", "Hoco"], banned_brands: ["JBL"], total_limit: 150000.5 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      nickname: "Иван Петров",
      group: group.id,
      transportation: direction.id,
      client_type: 2,
      organization: organization.id,
      organization_name: "Точка",
      allowed_price: true,
      allowed_price_w_markup: true,
      accessrules: { client: ids.plain, all_prices: ["Hoco"], banned_brands: ["JBL"], total_limit: 150000.5 },
    });
  });

  it("unsetting allowed_price clears allowed_price_w_markup", async () => {
    await put(ids.large, { allowed_price: true, allowed_price_w_markup: true });
    const res = await put(ids.large, { allowed_price: false });
    expect(res.json()).toMatchObject({ allowed_price: false, allowed_price_w_markup: false });
    // And the markup alone cannot be switched on without viewing prices.
    expect((await put(ids.large, { allowed_price_w_markup: true })).json().allowed_price_w_markup).toBe(
      false,
    );
  });

  it("an empty organization name becomes Не указано", async () => {
    const res = await put(ids.large, { organization_name: "   " });
    expect(res.json().organization_name).toBe("Не указано");
  });

  it.each([
    ["an empty nickname", { nickname: "" }, "nickname", "Required."],
    ["a nickname of the wrong type", { nickname: 5 }, "nickname", undefined],
    ["a huge nickname", { nickname: "x".repeat(5000) }, "nickname", undefined],
    ["an unknown client type", { client_type: 1 }, "client_type", undefined],
    [
      "a negative total limit",
      { accessrules: { all_prices: [], banned_brands: [], total_limit: -1 } },
      "accessrules.total_limit",
      undefined,
    ],
    ["a string flag", { banned: "yes" }, "banned", undefined],
  ])("refuses %s with 400 and changes nothing", async (_case, payload, field, message) => {
    const before = await t.db.select().from(clients).where(eq(clients.id, ids.suspicious));
    const res = await put(ids.suspicious, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toBeDefined();
    if (message) expect(res.json().errors[field]).toEqual([message]);
    expect(await t.db.select().from(clients).where(eq(clients.id, ids.suspicious))).toEqual(before);
  });

  it.each([
    ["group", "Группа не найдена"],
    ["transportation", "Направление не найдено"],
    ["organization", "Организация не найдена"],
  ])("refuses an unknown %s with 400 naming the field", async (field, message) => {
    const res = await put(ids.suspicious, { nickname: "Другое имя", [field]: 999999 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ detail: message, errors: { [field]: [message] } });
    expect((await list(`/api/profiles/clients/${ids.suspicious}/`)).json().nickname).toBe("Хитрый");
  });

  it("answers 404 for an unknown client and 403 to the storehouse", async () => {
    expect((await put(999999, { banned: true })).statusCode).toBe(404);
    const res = await t.call("storehouse", {
      method: "PUT",
      url: `/api/profiles/clients/${ids.plain}/`,
      payload: { banned: true },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe("access rules", () => {
  it("GET and PUT access-rules/{id}/", async () => {
    const [rules] = await t.db.select().from(accessRules).where(eq(accessRules.clientId, ids.banned));
    const id = rules?.id ?? 0;
    expect((await list(`/api/profiles/access-rules/${id}/`)).json()).toEqual({
      id,
      client: ids.banned,
      all_prices: [],
      banned_brands: [],
      total_limit: null,
    });
    const res = await t.call("office", {
      method: "PUT",
      url: `/api/profiles/access-rules/${id}/`,
      payload: { all_prices: ["Baseus"], banned_brands: ["JBL", "Hoco"], total_limit: 5000 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      all_prices: ["Baseus"],
      banned_brands: ["JBL", "Hoco"],
      total_limit: 5000,
    });
    const cleared = await t.call("office", {
      method: "PUT",
      url: `/api/profiles/access-rules/${id}/`,
      payload: { all_prices: [], banned_brands: [], total_limit: null },
    });
    expect(cleared.json().total_limit).toBeNull();
  });

  it("refuses bad input and unknown ids", async () => {
    const bad = await t.call("office", {
      method: "PUT",
      url: "/api/profiles/access-rules/1/",
      payload: { all_prices: "Baseus", banned_brands: [""] },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(
      expect.arrayContaining(["all_prices", "banned_brands.0", "total_limit"]),
    );
    expect((await list("/api/profiles/access-rules/999999/")).statusCode).toBe(404);
    const unknown = await t.call("office", {
      method: "PUT",
      url: "/api/profiles/access-rules/999999/",
      payload: { all_prices: [], banned_brands: [], total_limit: null },
    });
    expect(unknown.statusCode).toBe(404);
  });
});
