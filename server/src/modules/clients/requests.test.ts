import { CLIENT_TYPE_LARGE, ZRegistrationRequestSchema, z } from "@wholesale/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedClient, seedGroup, seedTransportation } from "../../db/factories/clients.ts";
import { clients, registrationRequests } from "../../db/schema/index.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { registerFromBot } from "./bot-registration.ts";

let t: TestApp;
let groupId: number;
let directionId: number;
beforeAll(async () => {
  t = await createTestApp();
  groupId = (await seedGroup(t.db)).id;
  directionId = (await seedTransportation(t.db)).id;
});
afterAll(() => t.close());

/** A client who wrote to the bot: inactive, possibly banned earlier, with an open request. */
async function seedRequest(values: Partial<typeof clients.$inferInsert> = {}) {
  const client = await seedClient(t.db, { isActive: false, clientType: null, groupId: null, ...values });
  const [request] = await t.db.insert(registrationRequests).values({ clientId: client.id }).returning();
  if (!request) throw new Error("no request");
  return { client, request };
}

const put = (id: number | string, payload: unknown) =>
  t.call("seller", {
    method: "PUT",
    url: `/api/profiles/registration-requests/${id}/`,
    payload: payload as object,
  });
const addClient = () => ({
  nickname: "Новый Клиент",
  group: groupId,
  transportation: directionId,
  client_type: 2,
});

describe("registration requests", () => {
  it("lists open requests with their clients, oldest first", async () => {
    const first = await seedRequest({ nickname: "Первый" });
    const second = await seedRequest({ nickname: "Второй" });
    const res = await t.call("office", { method: "GET", url: "/api/profiles/registration-requests/" });
    expect(res.statusCode).toBe(200);
    const ids = res.json().map((r: { id: number }) => r.id);
    expect(ids).toEqual([first.request.id, second.request.id]);
    expect(res.json()[0]).toMatchObject({ confirmed: false, deleted: false, client: { nickname: "Первый" } });
    const one = await t.call("office", {
      method: "GET",
      url: `/api/profiles/registration-requests/${first.request.id}/`,
    });
    expect(one.json().client.id).toBe(first.client.id);
  });

  it("carries what the requests screen shows: the volume chosen in the bot and when the request came", async () => {
    const before = Date.now();
    const { clientId } = await registerFromBot(t.db, {
      telegramId: 4_242_001,
      telegramUsername: "volume_asker",
      organizationId: null,
      organizationName: "ООО Вектор",
      nickname: "Ольга",
      phoneNumber: "+79005556677",
      clientType: CLIENT_TYPE_LARGE,
    });
    const res = await t.call("office", { method: "GET", url: "/api/profiles/registration-requests/" });
    const listed = z.array(ZRegistrationRequestSchema).parse(res.json());
    const mine = listed.find((r) => r.client.id === clientId);
    expect(mine?.client).toMatchObject({ client_type: CLIENT_TYPE_LARGE, phone_number: "+79005556677" });
    // The database's own clock stamps it: it is a moment of this test, not of the app's fixed clock.
    expect(Date.parse(mine?.created_at ?? "")).toBeGreaterThanOrEqual(before - 60_000);
  });

  it("adding the client confirms the request and activates the client with the chosen values", async () => {
    const { client, request } = await seedRequest({ banned: true, permanentBanned: true });
    const res = await put(request.id, { confirmed: true, client: addClient() });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      confirmed: true,
      client: {
        id: client.id,
        nickname: "Новый Клиент",
        group: groupId,
        transportation: directionId,
        client_type: 2,
        is_active: true,
        banned: false,
        permanent_banned: false,
      },
    });
    const open = await t.call("office", { method: "GET", url: "/api/profiles/registration-requests/" });
    expect(open.json().map((r: { id: number }) => r.id)).not.toContain(request.id);
    expect((await put(request.id, { confirmed: true, client: addClient() })).statusCode).toBe(409);
  });

  it("a deleted request drops out of the list and leaves the client as it was", async () => {
    const { client, request } = await seedRequest();
    const res = await put(request.id, { deleted: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ deleted: true, confirmed: false });
    const open = await t.call("office", { method: "GET", url: "/api/profiles/registration-requests/" });
    expect(open.json().map((r: { id: number }) => r.id)).not.toContain(request.id);
    const [row] = await t.db.select().from(clients).where(eq(clients.id, client.id));
    expect(row?.isActive).toBe(false);
    expect((await put(request.id, { confirmed: true, client: addClient() })).statusCode).toBe(409);
  });

  it.each([
    ["no name", { ...addClient(), nickname: "" }, "client.nickname", "Имя обязательно"],
    ["no group", { ...addClient(), group: undefined }, "client.group", "Группа клиента обязательна"],
    [
      "no direction",
      { ...addClient(), transportation: null },
      "client.transportation",
      "Направление обязательно",
    ],
    [
      "no volume",
      { ...addClient(), client_type: undefined },
      "client.client_type",
      "Объем закупки обязателен",
    ],
    ["a wrong volume", { ...addClient(), client_type: 5 }, "client.client_type", "Объем закупки обязателен"],
  ])("refuses %s with the spec's message and changes nothing", async (_case, client, field, message) => {
    const { request } = await seedRequest();
    const res = await put(request.id, { confirmed: true, client });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toEqual([message]);
    const [row] = await t.db
      .select()
      .from(registrationRequests)
      .where(eq(registrationRequests.id, request.id));
    expect(row?.confirmed).toBe(false);
  });

  it("refuses confirming without client data, an empty body, and unknown references", async () => {
    const { client, request } = await seedRequest();
    expect((await put(request.id, { confirmed: true })).json().errors.client).toBeDefined();
    expect((await put(request.id, {})).statusCode).toBe(400);
    const unknown = await put(request.id, { confirmed: true, client: { ...addClient(), group: 999999 } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors.group).toEqual(["Группа не найдена"]);
    // The whole operation is one transaction: the client was not touched either.
    const [row] = await t.db.select().from(clients).where(eq(clients.id, client.id));
    expect(row?.isActive).toBe(false);
  });

  it("answers 404 for unknown ids and 403 to the storehouse", async () => {
    expect((await put(999999, { deleted: true })).statusCode).toBe(404);
    const get = await t.call("office", { method: "GET", url: "/api/profiles/registration-requests/999999/" });
    expect(get.statusCode).toBe(404);
    const denied = await t.call("storehouse", { method: "GET", url: "/api/profiles/registration-requests/" });
    expect(denied.statusCode).toBe(403);
  });
});
