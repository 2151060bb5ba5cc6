import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedClient, seedGroup } from "../../db/factories/clients.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const call = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: unknown) =>
  t.call("office", { method, url, payload: payload as object | undefined });

describe.each([
  ["groups", { name: "Опт Москва", surcharge: 1.05 }, { surcharge: 1.05, is_active: true }, "Группа"],
  [
    "transportations",
    { name: "Казань", tg_id: -1001234567890 },
    { tg_id: -1001234567890, is_active: true },
    "Направление",
  ],
])("/api/profiles/%s/", (resource, create, created, noun) => {
  const base = `/api/profiles/${resource}/`;
  let id: number;

  it("creates, active by default, and lists as a plain array", async () => {
    const res = await call("POST", base, create);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ name: create.name, ...created });
    id = res.json().id;
    const all = await call("GET", base);
    expect(Array.isArray(all.json())).toBe(true);
    expect(all.json()).toContainEqual(res.json());
    expect((await call("GET", `${base}${id}/`)).json()).toEqual(res.json());
  });

  it("toggles active, keeping the other fields", async () => {
    const res = await call("PUT", `${base}${id}/`, { is_active: false });
    expect(res.json()).toMatchObject({
      name: create.name,
      is_active: false,
      ...("tg_id" in create ? { tg_id: create.tg_id } : {}),
    });
    expect((await call("PUT", `${base}${id}/`, { is_active: true })).json().is_active).toBe(true);
    expect((await call("PUT", `${base}${id}/`, {})).json().is_active).toBe(true);
  });

  it("refuses a duplicate name with 409 and bad input with 400", async () => {
    const dup = await call("POST", base, { name: create.name });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().errors.name[0]).toContain(noun);
    expect((await call("POST", base, {})).json().errors.name).toEqual(["Обязательное поле"]);
    expect((await call("POST", base, { name: "x".repeat(201) })).statusCode).toBe(400);
    expect((await call("POST", base, { name: 42 })).statusCode).toBe(400);
    expect((await call("PUT", `${base}${id}/`, { is_active: "no" })).statusCode).toBe(400);
  });

  it("deletes, leaving its clients without it; unknown ids are 404", async () => {
    const field = resource === "groups" ? "groupId" : "transportationId";
    const client = await seedClient(t.db, { [field]: id });
    expect((await call("DELETE", `${base}${id}/`)).statusCode).toBe(204);
    const after = (await call("GET", `/api/profiles/clients/${client.id}/`)).json();
    expect(after[resource === "groups" ? "group" : "transportation"]).toBeNull();
    expect((await call("DELETE", `${base}${id}/`)).statusCode).toBe(404);
    expect((await call("GET", `${base}${id}/`)).statusCode).toBe(404);
    expect((await call("PUT", `${base}${id}/`, { name: "Другое" })).statusCode).toBe(404);
  });

  it("sellers may change it; the storehouse cannot even read it", async () => {
    expect(
      (await t.call("seller", { method: "POST", url: base, payload: { name: `${noun} продажника` } }))
        .statusCode,
    ).toBe(201);
    expect((await t.call("storehouse", { method: "GET", url: base })).statusCode).toBe(403);
  });
});

describe("/api/profiles/collect-groups/", () => {
  const base = "/api/profiles/collect-groups/";

  it("creates a collection group with clients, active on creation", async () => {
    const a = await seedClient(t.db, { nickname: "Анна" });
    const b = await seedClient(t.db, { nickname: "Борис" });
    const res = await call("POST", base, {
      name: "Утро",
      start_collect_time: "09:30",
      client_ids: [b.id, a.id, a.id],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      name: "Утро",
      start_collect_time: "09:30:00",
      is_active: true,
      clients: [
        { id: a.id, nickname: "Анна" },
        { id: b.id, nickname: "Борис" },
      ],
    });
    const id = res.json().id;
    expect((await call("GET", base)).json()).toContainEqual(res.json());
    expect((await call("GET", `${base}${id}/`)).json()).toEqual(res.json());
  });

  it("updates name, time, activity and members; omitted fields stay", async () => {
    const a = await seedClient(t.db);
    const created = (
      await call("POST", base, { name: "День", start_collect_time: "13:00", client_ids: [a.id] })
    ).json();
    const renamed = await call("PUT", `${base}${created.id}/`, { name: "Полдень", is_active: false });
    expect(renamed.json()).toMatchObject({
      name: "Полдень",
      is_active: false,
      start_collect_time: "13:00:00",
    });
    expect(renamed.json().clients).toHaveLength(1);
    const emptied = await call("PUT", `${base}${created.id}/`, {
      client_ids: [],
      start_collect_time: "14:15:30",
    });
    expect(emptied.json()).toMatchObject({ clients: [], start_collect_time: "14:15:30", name: "Полдень" });
  });

  it.each([
    ["no name", { start_collect_time: "09:00" }, "name"],
    ["no start time", { name: "Без времени" }, "start_collect_time"],
    ["a bad time", { name: "Ночь", start_collect_time: "25:00" }, "start_collect_time"],
    [
      "client ids of the wrong type",
      { name: "Н", start_collect_time: "09:00", client_ids: ["a"] },
      "client_ids.0",
    ],
  ])("refuses %s, saving nothing", async (_case, payload, field) => {
    const before = (await call("GET", base)).json().length;
    const res = await call("POST", base, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toBeDefined();
    expect((await call("GET", base)).json()).toHaveLength(before);
  });

  it("refuses unknown clients without creating the group", async () => {
    const before = (await call("GET", base)).json().length;
    const res = await call("POST", base, {
      name: "Призраки",
      start_collect_time: "10:00",
      client_ids: [999999],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.client_ids[0]).toContain("999999");
    expect((await call("GET", base)).json()).toHaveLength(before);
  });

  it("deletes; unknown ids are 404", async () => {
    const created = (await call("POST", base, { name: "Вечер", start_collect_time: "18:00" })).json();
    expect((await call("DELETE", `${base}${created.id}/`)).statusCode).toBe(204);
    expect((await call("DELETE", `${base}${created.id}/`)).statusCode).toBe(404);
    expect((await call("PUT", `${base}${created.id}/`, { name: "X" })).statusCode).toBe(404);
    expect((await call("GET", `${base}${created.id}/`)).statusCode).toBe(404);
  });
});

describe("group surcharge", () => {
  it("keeps its coefficient through an update of the name", async () => {
    const group = await seedGroup(t.db, { surcharge: 1.1 });
    const res = await call("PUT", `/api/profiles/groups/${group.id}/`, { name: "Переименована" });
    expect(res.json()).toMatchObject({ name: "Переименована", surcharge: 1.1 });
    expect((await call("PUT", `/api/profiles/groups/${group.id}/`, { surcharge: 0 })).statusCode).toBe(400);
  });
});
