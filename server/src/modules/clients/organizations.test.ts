import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedAccount } from "../../db/factories/accounts.ts";
import { seedClient } from "../../db/factories/clients.ts";
import { createTestApp, TEST_PASSWORD, type TestApp } from "../../test/app.ts";

let t: TestApp;
let managerId: number;
let disabledId: number;
beforeAll(async () => {
  t = await createTestApp({ telegramBotUsername: "wholesale_bot" });
  managerId = (await seedAccount(t.db, { username: "manager.anna", password: TEST_PASSWORD, role: "seller" }))
    .id;
  disabledId = (
    await seedAccount(t.db, { username: "gone", password: TEST_PASSWORD, role: "office", isActive: false })
  ).id;
});
afterAll(() => t.close());

const base = "/api/profiles/organizations/";
const call = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: unknown) =>
  t.call("seller", { method, url, payload: payload as object | undefined });

describe("organizations", () => {
  let id: number;

  it("creates an organization with its manager, client count and bot link", async () => {
    const res = await call("POST", base, { name: "ООО «Ромашка»", manager_id: managerId });
    expect(res.statusCode).toBe(201);
    id = res.json().id;
    expect(res.json()).toEqual({
      id,
      name: "ООО «Ромашка»",
      manager: { id: managerId, username: "manager.anna" },
      manager_id: managerId,
      clients_count: 0,
      telegram_link: `https://t.me/wholesale_bot?start=org_${id}`,
    });
  });

  it("counts and lists its clients", async () => {
    const a = await seedClient(t.db, { organizationId: id, nickname: "Сотрудник 1" });
    await seedClient(t.db, { organizationId: id, nickname: "Сотрудник 2" });
    await seedClient(t.db, { nickname: "Чужой" });
    const all = await call("GET", base);
    expect(all.json()).toEqual([expect.objectContaining({ id, clients_count: 2 })]);
    expect((await call("GET", `${base}${id}/`)).json().clients_count).toBe(2);
    const members = await call("GET", `${base}${id}/clients/`);
    expect(members.json().map((c: { nickname: string }) => c.nickname)).toEqual([
      "Сотрудник 1",
      "Сотрудник 2",
    ]);
    expect(members.json()[0].id).toBe(a.id);
    expect((await call("GET", `${base}999999/clients/`)).statusCode).toBe(404);
  });

  it("updates name and manager", async () => {
    const other = await t.as("office");
    const res = await call("PUT", `${base}${id}/`, { name: "ООО «Лютик»", manager_id: other.id });
    expect(res.json()).toMatchObject({
      name: "ООО «Лютик»",
      manager: { id: other.id, username: "office-user" },
    });
  });

  it.each([
    ["no name", { manager_id: 1 }, "name"],
    ["an empty name", { name: " ", manager_id: 1 }, "name"],
    ["no manager", { name: "Без менеджера" }, "manager_id"],
    ["a null manager", { name: "Без менеджера", manager_id: null }, "manager_id"],
    ["a huge name", { name: "я".repeat(1000), manager_id: 1 }, "name"],
  ])("refuses %s, saving nothing", async (_case, payload, field) => {
    const res = await call("POST", base, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toBeDefined();
    expect((await call("GET", base)).json()).toHaveLength(1);
  });

  it("refuses an unknown or disabled manager", async () => {
    for (const manager_id of [999999, disabledId]) {
      const res = await call("POST", base, { name: "Нет менеджера", manager_id });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.manager_id).toEqual(["Менеджер не найден"]);
    }
  });

  it("deletes, unlinking its clients; unknown ids are 404", async () => {
    expect((await call("DELETE", `${base}${id}/`)).statusCode).toBe(204);
    expect((await call("GET", `${base}${id}/`)).statusCode).toBe(404);
    expect((await call("PUT", `${base}${id}/`, { name: "X", manager_id: managerId })).statusCode).toBe(404);
    expect((await call("DELETE", `${base}${id}/`)).statusCode).toBe(404);
    const clients = await call("GET", `/api/profiles/clients/?search=${encodeURIComponent("Сотрудник")}`);
    expect(clients.json().results.map((c: { organization: number | null }) => c.organization)).toEqual([
      null,
      null,
    ]);
  });
});

describe("GET /api/profiles/managers/", () => {
  it("lists active staff by username, for whoever may edit organizations", async () => {
    const res = await call("GET", "/api/profiles/managers/");
    const usernames = res.json().map((m: { username: string }) => m.username);
    expect(usernames).toContain("manager.anna");
    expect(usernames).not.toContain("gone");
    expect(usernames).toEqual([...usernames].sort());
    expect(res.json()[0]).toEqual({ id: expect.any(Number), username: expect.any(String) });
    expect((await t.call("storehouse", { method: "GET", url: "/api/profiles/managers/" })).statusCode).toBe(
      403,
    );
  });
});

describe("without a bot username", () => {
  it("an organization has no Telegram link", async () => {
    const plain = await createTestApp();
    try {
      const manager = await plain.as("office");
      const res = await plain.call("office", {
        method: "POST",
        url: base,
        payload: { name: "Без бота", manager_id: manager.id },
      });
      expect(res.json().telegram_link).toBeNull();
    } finally {
      await plain.close();
    }
  });
});
