import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedClient, seedGroup, seedTransportation } from "../../db/factories/clients.ts";
import { accounts, CLIENT_TYPE_LARGE, outboxMessages } from "../../db/schema/index.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { runMarketTick } from "./market-notices.ts";

let t: TestApp;
beforeAll(async () => {
  // 12:00 in Moscow.
  t = await createTestApp({ now: "2026-11-20T09:00:00Z" });
});
afterAll(() => t.close());

/** A token signed at the test clock's "now", so moving the clock by hours keeps the session valid. */
async function officeHeaders() {
  const session = await t.as("office");
  const [account] = await t.db.select().from(accounts).where(eq(accounts.id, session.id));
  const token = await t.app.tokens.sign({
    userId: session.id,
    version: account?.tokenVersion ?? 0,
    type: "access",
  });
  return { authorization: `Bearer ${token}` };
}
const call = async (method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: unknown) =>
  t.app.inject({ method, url, payload: payload as object | undefined, headers: await officeHeaders() });
const msk = (iso: string) => new Date(`${iso}+03:00`).toISOString();
const outbox = () => t.db.select().from(outboxMessages).orderBy(outboxMessages.id);
/** The clients queued the «end» text, in queue order. */
const ends = async () => (await outbox()).filter((r) => r.kind === "market_end").map((r) => r.clientId);

async function createSchedule(body: object) {
  const res = await call("POST", "/api/storehouse/market-schedules/", body);
  expect(res.statusCode).toBe(201);
  return res.json() as { id: number };
}
async function addInterval(schedule: number, start_time: string, end_time: string) {
  const res = await call("POST", "/api/storehouse/time-intervals/", { schedule, start_time, end_time });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: number };
}

describe("market schedules and intervals", () => {
  it("creates a schedule with targeting, adds intervals and lists it as results", async () => {
    const group = await seedGroup(t.db);
    const direction = await seedTransportation(t.db);
    const client = await seedClient(t.db);
    const created = await createSchedule({
      name: "  Утро  ",
      client_types: [3],
      client_groups: [group.id, group.id],
      transportations: [direction.id],
      clients: [client.id],
    });
    expect(created).toMatchObject({
      name: "Утро",
      is_active: true,
      is_manually_opened: false,
      close_time: null,
      is_open: false,
      next_open_at: null,
      intervals: [],
      client_types: [3],
      client_groups: [group.id],
      transportations: [direction.id],
      clients: [client.id],
      clients_detail: [{ id: client.id, nickname: client.nickname }],
    });
    const interval = await addInterval(created.id, "09:00", "11:30");
    expect(interval).toEqual({
      id: interval.id,
      schedule: created.id,
      start_time: "09:00:00",
      end_time: "11:30:00",
      is_active: true,
    });
    const list = await call("GET", "/api/storehouse/market-schedules/");
    expect(list.statusCode).toBe(200);
    const mine = list.json().results.find((s: { id: number }) => s.id === created.id);
    expect(mine).toMatchObject({
      intervals: [interval],
      is_open: false,
      next_open_at: msk("2026-11-21T09:00:00"),
      next_close_at: msk("2026-11-21T11:30:00"),
    });
    expect(list.json().count).toBe(list.json().results.length);
    expect((await call("GET", "/api/storehouse/time-intervals/")).json()).toContainEqual(interval);

    const edited = await call("PUT", `/api/storehouse/time-intervals/${interval.id}/`, {
      start_time: "11:00:00",
      end_time: "13:00",
      is_active: true,
    });
    expect(edited.json()).toMatchObject({ start_time: "11:00:00", end_time: "13:00:00" });
    const renamed = await call("PUT", `/api/storehouse/market-schedules/${created.id}/`, {
      name: "День",
      clients: [],
    });
    expect(renamed.json()).toMatchObject({
      name: "День",
      is_open: true,
      next_close_at: msk("2026-11-20T13:00:00"),
      clients: [],
      client_groups: [group.id],
    });

    expect((await call("DELETE", `/api/storehouse/time-intervals/${interval.id}/`)).statusCode).toBe(204);
    expect((await call("GET", `/api/storehouse/market-schedules/${created.id}/`)).json().intervals).toEqual(
      [],
    );
    expect((await call("DELETE", `/api/storehouse/market-schedules/${created.id}/`)).statusCode).toBe(204);
    expect((await call("GET", `/api/storehouse/market-schedules/${created.id}/`)).statusCode).toBe(404);
  });

  it("refuses bad times, zero-length intervals and unknown ids with Russian messages", async () => {
    const { id } = await createSchedule({ name: "Проверки" });
    const bad = await call("POST", "/api/storehouse/time-intervals/", {
      schedule: id,
      start_time: "25:00",
      end_time: "9:00",
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.start_time[0]).toBe("Ожидается время в формате ЧЧ:ММ (от 00:00 до 23:59)");
    expect(bad.json().errors.end_time).toBeDefined();

    const zero = await call("POST", "/api/storehouse/time-intervals/", {
      schedule: id,
      start_time: "10:00",
      end_time: "10:00:00",
    });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().detail).toBe(
      "Интервал не может быть нулевой длины: время начала совпадает со временем окончания",
    );
    const interval = await addInterval(id, "10:00", "11:00");
    const zeroEdit = await call("PUT", `/api/storehouse/time-intervals/${interval.id}/`, {
      end_time: "10:00",
    });
    expect(zeroEdit.statusCode).toBe(400);

    const noSchedule = await call("POST", "/api/storehouse/time-intervals/", {
      schedule: 999_999,
      start_time: "10:00",
      end_time: "11:00",
    });
    expect(noSchedule.statusCode).toBe(400);
    expect(noSchedule.json().errors.schedule).toEqual(["Расписание не найдено"]);

    const unknown = await call("POST", "/api/storehouse/market-schedules/", {
      name: "X",
      client_groups: [999_998, 999_999],
      transportations: [999_996],
      clients: [999_997],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual({
      client_groups: ["Группы клиентов не найдены: 999998, 999999"],
      transportations: ["Направления не найдены: 999996"],
      clients: ["Клиенты не найдены: 999997"],
    });
    const badType = await call("PUT", `/api/storehouse/market-schedules/${id}/`, { client_types: [1] });
    expect(badType.statusCode).toBe(400);
    expect(badType.json().detail).toContain("Тип клиента");
    expect(
      (await call("POST", "/api/storehouse/market-schedules/", { name: " " })).json().errors.name,
    ).toEqual(["Обязательное поле"]);
    expect((await call("PUT", "/api/storehouse/market-schedules/999999/", { name: "Y" })).statusCode).toBe(
      404,
    );
    expect((await call("DELETE", "/api/storehouse/time-intervals/999999/")).statusCode).toBe(404);
    const past = await call("POST", `/api/storehouse/market-schedules/${id}/open_market/`, {
      close_time: "2026-11-20T11:59",
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().detail).toBe("Время закрытия должно быть позже текущего времени");
    const garbage = await call("POST", `/api/storehouse/market-schedules/${id}/open_market/`, {
      close_time: "завтра",
    });
    expect(garbage.statusCode).toBe(400);
    // Moments that match the pattern but do not exist are refused too, never stored or a 500.
    for (const close_time of [
      "2030-13-45T10:00",
      "2030-02-31T10:00",
      "2030-01-10T24:00",
      "2030-01-10T10:60",
    ]) {
      const impossible = await call("POST", `/api/storehouse/market-schedules/${id}/open_market/`, {
        close_time,
      });
      expect(impossible.statusCode, close_time).toBe(400);
      expect(impossible.json().errors.close_time, close_time).toEqual([
        "Такой даты или времени не существует",
      ]);
    }
    expect((await call("GET", `/api/storehouse/market-schedules/${id}/`)).json().is_manually_opened).toBe(
      false,
    );
    await call("DELETE", `/api/storehouse/market-schedules/${id}/`);
  });
});

describe("opening and closing", () => {
  it("opens by hand until a Moscow close time, closes itself there, and a manual close beats an interval", async () => {
    const group = await seedGroup(t.db);
    const inGroup = await seedClient(t.db, { groupId: group.id });
    const other = await seedClient(t.db, { clientType: CLIENT_TYPE_LARGE });
    const { id } = await createSchedule({ name: "Группа", client_groups: [group.id] });

    const status = async (client?: number) =>
      (await call("GET", `/api/storehouse/market-status/${client ? `?client=${client}` : ""}`)).json();
    expect(await status()).toMatchObject({ is_open: false, active_schedules: [], message: "Маркет закрыт" });

    // A datetime-local value without a zone is Moscow time.
    const opened = await call("POST", `/api/storehouse/market-schedules/${id}/open_market/`, {
      close_time: "2026-11-20T18:00",
    });
    expect(opened.json()).toMatchObject({
      is_manually_opened: true,
      close_time: msk("2026-11-20T18:00:00"),
      is_open: true,
      next_close_at: msk("2026-11-20T18:00:00"),
    });
    expect(await status()).toMatchObject({ is_open: true, active_schedules: ["Группа"] });
    expect(await status(inGroup.id)).toEqual({
      is_open: true,
      active_schedules: ["Группа"],
      open_until: msk("2026-11-20T18:00:00"),
      next_open_at: null,
      message: "Маркет открыт до 18:00",
    });
    expect(await status(other.id)).toMatchObject({ is_open: false, message: "Маркет закрыт" });
    expect((await call("GET", "/api/storehouse/market-status/?client=999999")).statusCode).toBe(404);

    t.clock.set(msk("2026-11-20T18:00:00"));
    expect((await status(inGroup.id)).is_open).toBe(false);
    expect(await runMarketTick(t.db, t.clock.now())).toMatchObject({ autoClosed: 1 });
    expect(await runMarketTick(t.db, t.clock.now())).toMatchObject({ autoClosed: 0 });
    expect((await call("GET", `/api/storehouse/market-schedules/${id}/`)).json()).toMatchObject({
      is_manually_opened: false,
      close_time: null,
      is_open: false,
    });

    // Inside an interval, «Закрыть маркет» closes it until that interval ends; it reopens the next day.
    await addInterval(id, "17:00", "20:00");
    t.clock.set(msk("2026-11-20T18:30:00"));
    expect(await status(inGroup.id)).toMatchObject({ is_open: true, message: "Маркет открыт до 20:00" });
    const closed = await call("POST", `/api/storehouse/market-schedules/${id}/close_market/`);
    expect(closed.json()).toMatchObject({ is_open: false, next_open_at: msk("2026-11-21T17:00:00") });
    expect(await status(inGroup.id)).toMatchObject({
      is_open: false,
      message: "Маркет закрыт, откроется 21.11 в 17:00",
    });
    // Opening again lifts the manual close, without a close time.
    const reopened = await call("POST", `/api/storehouse/market-schedules/${id}/open_market/`, {
      close_time: null,
    });
    expect(reopened.json()).toMatchObject({ is_open: true, close_time: null, is_manually_opened: true });
    expect(await status(inGroup.id)).toMatchObject({ message: "Маркет открыт" });
    await call("POST", `/api/storehouse/market-schedules/${id}/close_market/`);

    const off = await call("PUT", `/api/storehouse/market-schedules/${id}/`, { is_active: false });
    expect(off.json().is_open).toBe(false);
    const refused = await call("POST", `/api/storehouse/market-schedules/${id}/open_market/`, {});
    expect(refused.statusCode).toBe(409);

    // Switching a manually opened schedule off ends the manual opening: switched on again (at 21:00, no
    // interval open), it stays closed until staff open it by hand.
    await call("PUT", `/api/storehouse/market-schedules/${id}/`, { is_active: true });
    await call("POST", `/api/storehouse/market-schedules/${id}/open_market/`, { close_time: null });
    t.clock.set(msk("2026-11-20T21:00:00"));
    const switchedOff = await call("PUT", `/api/storehouse/market-schedules/${id}/`, { is_active: false });
    expect(switchedOff.json()).toMatchObject({ is_manually_opened: false, close_time: null, is_open: false });
    const switchedOn = await call("PUT", `/api/storehouse/market-schedules/${id}/`, { is_active: true });
    expect(switchedOn.json()).toMatchObject({ is_manually_opened: false, is_open: false });
    await call("DELETE", `/api/storehouse/market-schedules/${id}/`);
    t.clock.set("2026-11-20T09:00:00Z");
  });
});

describe("bot texts", () => {
  it("keeps every version; the latest wins; the body may be JSON or plain text", async () => {
    const first = await call("GET", "/api/messaging/guarantee/");
    expect(first.json()).toMatchObject({ is_default: true, history: [], created_at: null });
    expect(first.json().text.length).toBeGreaterThan(0);

    expect((await call("POST", "/api/messaging/guarantee/", { text: "Гарантия 14 дней" })).statusCode).toBe(
      201,
    );
    t.clock.advance(1000);
    const plain = await t.app.inject({
      method: "POST",
      url: "/api/messaging/guarantee/",
      payload: "Гарантия 30 дней",
      headers: { ...(await officeHeaders()), "content-type": "text/plain; charset=utf-8" },
    });
    expect(plain.statusCode).toBe(201);
    const now = await call("GET", "/api/messaging/guarantee/");
    expect(now.json()).toMatchObject({ text: "Гарантия 30 дней", is_default: false });
    expect(now.json().history.map((v: { text: string }) => v.text)).toEqual([
      "Гарантия 30 дней",
      "Гарантия 14 дней",
    ]);

    await call("POST", "/api/messaging/market-entry/", { text: "Вход" });
    await call("POST", "/api/messaging/pre-start/", { text: "Скоро" });
    expect((await call("GET", "/api/messaging/market-entry/")).json().text).toBe("Вход");
    expect((await call("GET", "/api/messaging/pre-start/")).json().text).toBe("Скоро");
    expect((await call("GET", "/api/messaging/conditions/")).json().is_default).toBe(true);

    const empty = await call("POST", "/api/messaging/end/", { text: "   " });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().detail).toContain("Текст сообщения не может быть пустым");
    expect((await call("POST", "/api/messaging/end/", { text: "x".repeat(4097) })).statusCode).toBe(400);
  });
});

describe("permissions", () => {
  it("market.manage for schedules and texts; any staff reads the market status", async () => {
    const { id } = await createSchedule({ name: "Права" });
    const interval = await addInterval(id, "10:00", "11:00");
    const managed: [string, string, object?][] = [
      ["GET", "/api/storehouse/market-schedules/"],
      ["POST", "/api/storehouse/market-schedules/", { name: "X" }],
      ["GET", `/api/storehouse/market-schedules/${id}/`],
      ["PUT", `/api/storehouse/market-schedules/${id}/`, { name: "X" }],
      ["DELETE", `/api/storehouse/market-schedules/${id}/`],
      ["POST", `/api/storehouse/market-schedules/${id}/open_market/`, {}],
      ["POST", `/api/storehouse/market-schedules/${id}/close_market/`],
      ["GET", "/api/storehouse/time-intervals/"],
      ["POST", "/api/storehouse/time-intervals/", { schedule: id, start_time: "12:00", end_time: "13:00" }],
      ["PUT", `/api/storehouse/time-intervals/${interval.id}/`, { end_time: "12:00" }],
      ["DELETE", `/api/storehouse/time-intervals/${interval.id}/`],
      ...["start", "end", "conditions", "guarantee", "market-entry", "pre-start"].flatMap(
        (kind): [string, string, object?][] => [
          ["GET", `/api/messaging/${kind}/`],
          ["POST", `/api/messaging/${kind}/`, { text: "x" }],
        ],
      ),
    ];
    for (const role of ["storehouse", "seller"] as const) {
      for (const [method, url, payload] of managed) {
        const res = await t.call(role, { method: method as "GET", url, payload });
        expect(res.statusCode, `${role} ${method} ${url}`).toBe(403);
      }
      expect((await t.call(role, { method: "GET", url: "/api/storehouse/market-status/" })).statusCode).toBe(
        200,
      );
    }
    expect((await t.call(null, { method: "GET", url: "/api/storehouse/market-status/" })).statusCode).toBe(
      401,
    );
    // Nothing the refused calls asked for happened.
    expect((await call("GET", `/api/storehouse/market-schedules/${id}/`)).json()).toMatchObject({
      name: "Права",
      is_manually_opened: false,
      intervals: [{ id: interval.id, end_time: "11:00:00" }],
    });
    await call("DELETE", `/api/storehouse/market-schedules/${id}/`);
  });
});

describe("notices through the outbox", () => {
  it("«preStart» five minutes before, «end» when it ends, once each, to reachable targeted clients only", async () => {
    await t.db.delete(outboxMessages);
    await call("POST", "/api/messaging/pre-start/", { text: "Через 5 минут открываемся" });
    await call("POST", "/api/messaging/end/", { text: "Маркет закрыт" });
    const direction = await seedTransportation(t.db);
    const target = await seedClient(t.db, { transportationId: direction.id });
    const keptOpen = await seedClient(t.db, { transportationId: direction.id });
    await seedClient(t.db, { transportationId: direction.id, banned: true });
    await seedClient(t.db, { transportationId: direction.id, isActive: false });
    await seedClient(t.db, { transportationId: direction.id, telegramId: null });
    await seedClient(t.db);

    const { id } = await createSchedule({ name: "Направление", transportations: [direction.id] });
    await addInterval(id, "14:00", "15:00");
    // Another schedule keeps `keptOpen` open from 13:00 to 16:00.
    const other = await createSchedule({ name: "Личное", clients: [keptOpen.id] });
    await addInterval(other.id, "13:00", "16:00");

    t.clock.set(msk("2026-11-20T13:54:59"));
    await runMarketTick(t.db, t.clock.now());
    expect(await outbox()).toEqual([]);
    t.clock.set(msk("2026-11-20T13:55:10"));
    await runMarketTick(t.db, t.clock.now());
    await runMarketTick(t.db, t.clock.now());
    t.clock.set(msk("2026-11-20T13:59:50"));
    await runMarketTick(t.db, t.clock.now());
    const pre = await outbox();
    expect(pre.map((r) => [r.clientId, r.chatId, r.kind, r.text])).toEqual([
      [target.id, target.telegramId, "market_pre_start", "Через 5 минут открываемся"],
    ]);

    t.clock.set(msk("2026-11-20T15:00:20"));
    await runMarketTick(t.db, t.clock.now());
    await runMarketTick(t.db, t.clock.now());
    const endRows = (await outbox()).filter((r) => r.kind === "market_end");
    expect(endRows.map((r) => [r.clientId, r.text])).toEqual([[target.id, "Маркет закрыт"]]);

    // At 16:00 the other schedule ends for `keptOpen`.
    t.clock.set(msk("2026-11-20T16:00:05"));
    await runMarketTick(t.db, t.clock.now());
    expect((await outbox()).filter((r) => r.kind === "market_end").map((r) => r.clientId)).toEqual([
      target.id,
      keptOpen.id,
    ]);

    // A manual close sends «end» at once to those it leaves closed; a later tick adds nothing.
    await t.db.delete(outboxMessages);
    t.clock.set(msk("2026-11-20T14:30:00"));
    await call("POST", `/api/storehouse/market-schedules/${id}/close_market/`);
    expect((await outbox()).map((r) => [r.clientId, r.kind])).toEqual([[target.id, "market_end"]]);
    t.clock.set(msk("2026-11-20T15:00:10"));
    await runMarketTick(t.db, t.clock.now());
    expect(await outbox()).toHaveLength(1);
    // Closing a closed schedule sends nothing.
    await call("POST", `/api/storehouse/market-schedules/${id}/close_market/`);
    expect(await outbox()).toHaveLength(1);

    // An automatic close sends «end» once, from whichever tick sees it first (at 17:30 nothing else keeps
    // `keptOpen` open any more).
    await t.db.delete(outboxMessages);
    t.clock.set(msk("2026-11-20T17:00:00"));
    await call("POST", `/api/storehouse/market-schedules/${id}/open_market/`, {
      close_time: "2026-11-20T17:30",
    });
    t.clock.set(msk("2026-11-20T17:30:30"));
    await runMarketTick(t.db, t.clock.now());
    await runMarketTick(t.db, t.clock.now());
    expect((await outbox()).map((r) => [r.clientId, r.kind])).toEqual([
      [target.id, "market_end"],
      [keptOpen.id, "market_end"],
    ]);

    await t.db.delete(outboxMessages);
    await call("DELETE", `/api/storehouse/market-schedules/${id}/`);
    await call("DELETE", `/api/storehouse/market-schedules/${other.id}/`);
    expect(
      await t.db.select().from(outboxMessages).where(eq(outboxMessages.kind, "market_pre_start")),
    ).toEqual([]);
    t.clock.set("2026-11-20T09:00:00Z");
  });

  it("«preStart» reaches a client whose other schedule closes before this one opens", async () => {
    await t.db.delete(outboxMessages);
    const client = await seedClient(t.db);
    const early = await createSchedule({ name: "Раннее", clients: [client.id] });
    await addInterval(early.id, "13:00", "13:58");
    const main = await createSchedule({ name: "Основное", clients: [client.id] });
    await addInterval(main.id, "14:00", "15:00");
    t.clock.set(msk("2026-11-20T13:55:30"));
    await runMarketTick(t.db, t.clock.now());
    expect((await outbox()).map((r) => [r.clientId, r.kind])).toEqual([[client.id, "market_pre_start"]]);
    await call("DELETE", `/api/storehouse/market-schedules/${early.id}/`);
    await call("DELETE", `/api/storehouse/market-schedules/${main.id}/`);
    t.clock.set("2026-11-20T09:00:00Z");
  });

  it("an end no tick has announced yet still goes out when staff then delete its interval, once", async () => {
    await t.db.delete(outboxMessages);
    const client = await seedClient(t.db);
    const { id } = await createSchedule({ name: "Короткое", clients: [client.id] });
    const interval = await addInterval(id, "10:00", "12:00");
    t.clock.set(msk("2026-11-20T12:01:00"));
    await call("DELETE", `/api/storehouse/time-intervals/${interval.id}/`);
    expect(await ends()).toEqual([client.id]);
    await runMarketTick(t.db, t.clock.now());
    expect(await ends()).toEqual([client.id]);
    await call("DELETE", `/api/storehouse/market-schedules/${id}/`);
    t.clock.set("2026-11-20T09:00:00Z");
  });

  it("moving an open interval's end into the past announces the closure once, not again from the job", async () => {
    await t.db.delete(outboxMessages);
    const client = await seedClient(t.db);
    const { id } = await createSchedule({ name: "Сдвиг", clients: [client.id] });
    const interval = await addInterval(id, "10:00", "16:00");
    t.clock.set(msk("2026-11-20T12:05:00"));
    await call("PUT", `/api/storehouse/time-intervals/${interval.id}/`, { end_time: "12:00" });
    expect(await ends()).toEqual([client.id]);
    await runMarketTick(t.db, t.clock.now());
    expect(await ends()).toEqual([client.id]);
    await call("DELETE", `/api/storehouse/market-schedules/${id}/`);
    t.clock.set("2026-11-20T09:00:00Z");
  });

  it("staff changes that close the market for clients send «end» at once", async () => {
    await t.db.delete(outboxMessages);
    const group = await seedGroup(t.db);
    const member = await seedClient(t.db, { groupId: group.id });
    const leaving = await seedClient(t.db, { groupId: group.id });
    const { id } = await createSchedule({ name: "Смена", client_groups: [group.id], clients: [leaving.id] });
    const interval = await addInterval(id, "10:00", "16:00");
    t.clock.set(msk("2026-11-20T12:00:00"));

    // Narrowing the targeting: only the client no longer targeted hears that it closed.
    await call("PUT", `/api/storehouse/market-schedules/${id}/`, { client_groups: [] });
    expect(await ends()).toEqual([member.id]);
    await call("PUT", `/api/storehouse/market-schedules/${id}/`, { client_groups: [group.id] });
    expect(await ends()).toEqual([member.id]);

    await t.db.delete(outboxMessages);
    await call("PUT", `/api/storehouse/market-schedules/${id}/`, { is_active: false });
    expect((await ends()).sort()).toEqual([member.id, leaving.id].sort());
    await call("PUT", `/api/storehouse/market-schedules/${id}/`, { is_active: true });

    await t.db.delete(outboxMessages);
    await call("DELETE", `/api/storehouse/time-intervals/${interval.id}/`);
    expect((await ends()).sort()).toEqual([member.id, leaving.id].sort());
    await call("DELETE", `/api/storehouse/market-schedules/${id}/`);
    expect(await ends()).toHaveLength(2);
    t.clock.set("2026-11-20T09:00:00Z");
  });
});
