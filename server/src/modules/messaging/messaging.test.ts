import type { TClaim, TClient, TClientMessage, TPaged } from "@wholesale/contract";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedClient, seedGroup, seedTransportation } from "../../db/factories/clients.ts";
import { seedClaim } from "../../db/factories/messaging.ts";
import { seedOrder } from "../../db/factories/sales.ts";
import { clientMessages, outboxMessages } from "../../db/schema/index.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { pngDeclaring } from "../../test/images.ts";
import { multipartBody, TINY_PNG } from "../../test/multipart.ts";
import { deleteDoneRows } from "../outbox/index.ts";
import { createMessageService } from "./message-service.ts";
import { resolveSendTime } from "./messages/schedule-message.ts";

// 09:00 UTC is 12:00 in Moscow.
const NOW = "2026-11-20T09:00:00Z";

let t: TestApp;
const ids = { group: 0, direction: 0, small: [] as number[], large: 0 };
beforeAll(async () => {
  t = await createTestApp({ now: NOW });
  const group = await seedGroup(t.db);
  const direction = await seedTransportation(t.db);
  ids.group = group.id;
  ids.direction = direction.id;
  ids.small = [
    (await seedClient(t.db, { clientType: 3, groupId: group.id })).id,
    (await seedClient(t.db, { clientType: 3, transportationId: direction.id })).id,
  ];
  ids.large = (
    await seedClient(t.db, { clientType: 2, groupId: group.id, transportationId: direction.id })
  ).id;
  // Never in an audience: inactive, banned, blocked for good, without a chat, offline, blocked the bot.
  await seedClient(t.db, { clientType: 3, isActive: false, groupId: group.id });
  await seedClient(t.db, { clientType: 3, banned: true, groupId: group.id });
  await seedClient(t.db, { clientType: 3, permanentBanned: true });
  await seedClient(t.db, { clientType: 3, telegramId: null });
  await seedClient(t.db, { clientType: 3, offline: true });
  await seedClient(t.db, { clientType: 2, telegramUnreachableAt: new Date(NOW), groupId: group.id });
});
afterAll(() => t.close());

const recipientsOf = async (messageId: number) =>
  (
    await t.db
      .select({ clientId: outboxMessages.clientId, text: outboxMessages.text })
      .from(outboxMessages)
      .where(eq(outboxMessages.clientMessageId, messageId))
  )
    .map((r) => r.clientId)
    .sort((a, b) => (a ?? 0) - (b ?? 0));

const sendNow = (fields: Record<string, string | number>, photo?: { data: Buffer; filename: string }) =>
  t.call("office", {
    method: "POST",
    url: "/api/messaging/to-clients/",
    ...multipartBody(fields, photo ? { photo } : {}),
  });

describe("POST /api/messaging/to-clients/ (multipart: send now)", () => {
  it("queues one row per active, reachable small client, with the photo kept for delivery", async () => {
    const res = await sendNow(
      { text: "Скидки на чехлы", client_type: 3 },
      { data: TINY_PNG, filename: "sale.png" },
    );
    expect(res.statusCode).toBe(201);
    const message = res.json<TClientMessage>();
    expect(message).toMatchObject({ text: "Скидки на чехлы", client_type: 3, sent: true, has_photo: true });
    expect(message).toMatchObject({ recipients: 2, delivered: 0, pending: 2 });
    expect(await recipientsOf(message.id)).toEqual(ids.small);
  });

  it("sends to large clients (2), or to everyone for any other client_type", async () => {
    const large = (await sendNow({ text: "Крупным", client_type: 2 })).json<TClientMessage>();
    expect(await recipientsOf(large.id)).toEqual([ids.large]);
    const all = (await sendNow({ text: "Всем", client_type: 7 })).json<TClientMessage>();
    expect(all.client_type).toBeNull();
    expect(await recipientsOf(all.id)).toEqual([...ids.small, ids.large]);
  });

  it("takes any client_type without a refusal: 3 small, and a word or a fraction all", async () => {
    const small = (await sendNow({ text: "Малым", client_type: "3" })).json<TClientMessage>();
    expect(await recipientsOf(small.id)).toEqual(ids.small);
    for (const clientType of ["all", "null", "2.5", ""]) {
      const res = await sendNow({ text: `Всем (${clientType})`, client_type: clientType });
      expect(res.statusCode).toBe(201);
      const message = res.json<TClientMessage>();
      expect(message.client_type).toBeNull();
      expect(await recipientsOf(message.id)).toEqual([...ids.small, ids.large]);
    }
  });

  it("sends to a group or a direction", async () => {
    const group = (await sendNow({ text: "Группе", group: ids.group })).json<TClientMessage>();
    expect(await recipientsOf(group.id)).toEqual([ids.small[0], ids.large]);
    const direction = (
      await sendNow({ text: "Направлению", transportation: ids.direction })
    ).json<TClientMessage>();
    expect(await recipientsOf(direction.id)).toEqual([ids.small[1], ids.large]);
    const unknown = await sendNow({ text: "Никому", group: 999_999 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().detail).toBe("Группа не найдена");
  });

  it("accepts only real images as photos, whatever the file is called", async () => {
    const fake = await sendNow(
      { text: "Фото" },
      { data: Buffer.from("%PDF-1.4 not an image"), filename: "photo.jpg" },
    );
    expect(fake.statusCode).toBe(400);
    expect(fake.json().detail).toBe("Можно прикрепить только изображение (JPEG, PNG или WebP)");
    const huge = Buffer.concat([TINY_PNG, Buffer.alloc(10 * 1024 * 1024)]);
    const tooBig = await sendNow({ text: "Фото" }, { data: huge, filename: "big.png" });
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().detail).toBe("Фото больше 10 МБ");
    const longCaption = await sendNow({ text: "я".repeat(1025) }, { data: TINY_PNG, filename: "p.png" });
    expect(longCaption.statusCode).toBe(400);
    expect(longCaption.json().detail).toBe("С фото текст не длиннее 1024 символов");
  });

  it("refuses, before queueing anything, a photo whose declared size Telegram would refuse", async () => {
    const before = await t.db.select({ id: clientMessages.id }).from(clientMessages);
    const wide = await sendNow({ text: "Панорама" }, { data: pngDeclaring(12_000, 100), filename: "p.png" });
    expect(wide.statusCode).toBe(400);
    const detail =
      "Фото 12000×100 px: Telegram принимает фото, у которых ширина и высота вместе не больше 10 000 px";
    expect(wide.json()).toMatchObject({ detail, errors: { photo: [detail] } });
    const square = await sendNow({ text: "Квадрат" }, { data: pngDeclaring(9000, 9000), filename: "p.png" });
    expect(square.json().detail).toMatch(/^Фото 9000×9000 px: .*не больше 10 000 px$/);
    expect(await t.db.select({ id: clientMessages.id }).from(clientMessages)).toEqual(before);
  });

  it("refuses an empty text with a Russian message", async () => {
    const res = await sendNow({ text: "   " });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.text).toEqual(["Введите текст сообщения"]);
  });
});

describe("GET /api/messaging/to-clients/recipients/ (the count staff confirm before sending)", () => {
  const countOf = async (query: string) => {
    const res = await t.call("office", {
      method: "GET",
      url: `/api/messaging/to-clients/recipients/?${query}`,
    });
    expect(res.statusCode).toBe(200);
    return res.json<{ count: number }>().count;
  };

  it("counts exactly the clients a send with the same fields reaches", async () => {
    expect(await countOf("client_type=3")).toBe(ids.small.length);
    expect(await countOf("client_type=2")).toBe(1);
    expect(await countOf("client_type=all")).toBe(ids.small.length + 1);
    expect(await countOf("")).toBe(ids.small.length + 1);
    expect(await countOf(`group=${ids.group}`)).toBe(2);
    expect(await countOf(`transportation=${ids.direction}&client_type=3`)).toBe(1);
  });

  it("refuses an unknown group with a Russian detail, and is not open to the storehouse", async () => {
    const unknown = await t.call("office", {
      method: "GET",
      url: "/api/messaging/to-clients/recipients/?group=999999",
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().detail).toBe("Группа не найдена");
    const storehouse = await t.call("storehouse", {
      method: "GET",
      url: "/api/messaging/to-clients/recipients/",
    });
    expect(storehouse.statusCode).toBe(403);
  });
});

describe("scheduled messages", () => {
  const schedule = (body: object) =>
    t.call("seller", { method: "POST", url: "/api/messaging/to-clients/", payload: body });

  it("takes a time of day as its next occurrence in Moscow", () => {
    const now = new Date(NOW);
    expect(resolveSendTime("15:30", now).toISOString()).toBe("2026-11-20T12:30:00.000Z");
    expect(resolveSendTime("12:00", now).toISOString()).toBe("2026-11-21T09:00:00.000Z");
    expect(resolveSendTime("08:15", now).toISOString()).toBe("2026-11-21T05:15:00.000Z");
    expect(() => resolveSendTime("2026-11-19T10:00:00Z", now)).toThrow("Время отправки уже прошло");
  });

  it("lists unsent scheduled messages by send_time ascending; deletes them; refuses bad times", async () => {
    const later = (
      await schedule({ text: "Вечером", send_time: "20:00", client_type: 2 })
    ).json<TClientMessage>();
    const sooner = await schedule({ text: "Днём", send_time: "13:00" });
    expect(sooner.statusCode).toBe(201);
    expect(sooner.json()).toMatchObject({ sent: false, client_type: null, recipients: 0 });
    const list = await t.call("office", { method: "GET", url: "/api/messaging/to-clients/?sent=false" });
    expect(list.json<TClientMessage[]>().map((m) => [m.text, m.send_time])).toEqual([
      ["Днём", "2026-11-20T10:00:00.000Z"],
      ["Вечером", "2026-11-20T17:00:00.000Z"],
    ]);
    const deleted = await t.call("office", {
      method: "DELETE",
      url: `/api/messaging/to-clients/${later.id}/`,
    });
    expect(deleted.statusCode).toBe(204);
    const again = await t.call("office", { method: "DELETE", url: `/api/messaging/to-clients/${later.id}/` });
    expect(again.statusCode).toBe(404);
    const bad = await schedule({ text: "Когда-нибудь", send_time: "25:99" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.send_time).toEqual(["Укажите время в формате ЧЧ:ММ или дату и время"]);
    await t.db.delete(clientMessages).where(eq(clientMessages.id, sooner.json<TClientMessage>().id));
  });

  it("takes any client_type in JSON: 2 large, 3 small, anything else all", async () => {
    const cases: [unknown, number | null][] = [
      [2, 2],
      ["3", 3],
      ["all", null],
      ["null", null],
      [2.5, null],
      [null, null],
      [true, null],
    ];
    for (const [clientType, expected] of cases) {
      const res = await schedule({ text: "Позже", send_time: "18:00", client_type: clientType });
      expect(res.statusCode).toBe(201);
      expect(res.json<TClientMessage>().client_type).toBe(expected);
    }
    await t.db.delete(clientMessages).where(eq(clientMessages.text, "Позже"));
  });

  it("becomes outbox rows at its time, once, with the audience of that moment", async () => {
    const message = (
      await schedule({ text: "По расписанию", send_time: "12:10", client_type: 2 })
    ).json<TClientMessage>();
    const service = createMessageService({ db: t.db, clock: t.clock });
    expect(await service.releaseDue()).toBe(0);
    const newcomer = await seedClient(t.db, { clientType: 2 });
    t.clock.set("2026-11-20T09:10:00Z");
    // Two instances' jobs at once: the message is queued by exactly one of them.
    const released = await Promise.all([service.releaseDue(), service.releaseDue()]);
    expect(released.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await recipientsOf(message.id)).toEqual([ids.large, newcomer.id]);
    const detail = await t.call("office", { method: "GET", url: `/api/messaging/to-clients/${message.id}/` });
    expect(detail.json()).toMatchObject({ sent: true, recipients: 2, pending: 2 });
    const sentDelete = await t.call("office", {
      method: "DELETE",
      url: `/api/messaging/to-clients/${message.id}/`,
    });
    expect(sentDelete.statusCode).toBe(409);
    const sent = await t.call("office", {
      method: "GET",
      url: "/api/messaging/to-clients/?sent=true&limit=1",
    });
    expect(sent.json<TClientMessage[]>().map((m) => m.id)).toEqual([message.id]);
    t.clock.set(NOW);
  });

  it("is not open to the storehouse", async () => {
    const res = await t.call("storehouse", { method: "GET", url: "/api/messaging/to-clients/" });
    expect(res.statusCode).toBe(403);
  });
});

describe("the message list", () => {
  it("gives every waiting message however many were sent before, and the sent ones only through sent=true", async () => {
    // More sent messages than a list capped at 10,000 would hold, a second apart
    // and later than the ones the tests above sent, so the latest are these.
    const sentCount = 10_050;
    await t.db.execute(sql`
      insert into client_messages (text, send_time, sent, sent_at)
      select 'Рассылка ' || n, at, true, at
      from generate_series(1, ${sentCount}) as n, lateral (select ${NOW}::timestamptz + n * interval '1 second' as at) as s`);
    const waiting = (
      await t.call("office", {
        method: "POST",
        url: "/api/messaging/to-clients/",
        payload: { text: "Ждёт отправки", send_time: "21:00", client_type: 3 },
      })
    ).json<TClientMessage>();

    for (const url of ["/api/messaging/to-clients/", "/api/messaging/to-clients/?sent=false"]) {
      const list = await t.call("office", { method: "GET", url });
      expect(list.statusCode).toBe(200);
      expect(list.json<TClientMessage[]>().map((m) => m.id)).toEqual([waiting.id]);
    }
    const latest = (
      await t.call("office", { method: "GET", url: "/api/messaging/to-clients/?sent=true&limit=200" })
    ).json<TClientMessage[]>();
    expect(latest).toHaveLength(200);
    expect(latest.at(0)?.text).toBe(`Рассылка ${sentCount - 199}`);
    expect(latest.at(-1)?.text).toBe(`Рассылка ${sentCount}`);

    await t.db.delete(clientMessages).where(sql`${clientMessages.text} like 'Рассылка %'`);
    await t.db.delete(clientMessages).where(eq(clientMessages.id, waiting.id));
  });
});

describe("client reachability in the clients list", () => {
  it("shows when a client blocked the bot", async () => {
    const res = await t.call("office", { method: "GET", url: "/api/profiles/clients/?limit=1000" });
    const rows = res.json<TPaged<TClient>>().results;
    expect(rows.filter((c) => c.telegram_unreachable_at).map((c) => c.telegram_unreachable_at)).toEqual([
      "2026-11-20T09:00:00.000Z",
    ]);
    expect(rows.find((c) => c.id === ids.large)?.telegram_unreachable_at).toBeNull();
  });
});

describe("outbox retention", () => {
  it("deletes done rows older than the retention period and keeps pending ones", async () => {
    await t.db.insert(outboxMessages).values([
      { chatId: 1, kind: "old", text: "a", status: "sent", createdAt: sql`now() - interval '40 days'` },
      { chatId: 1, kind: "old", text: "b", status: "failed", createdAt: sql`now() - interval '40 days'` },
      { chatId: 1, kind: "old", text: "c", status: "pending", createdAt: sql`now() - interval '40 days'` },
      { chatId: 1, kind: "old", text: "d", status: "sent" },
    ]);
    expect(await deleteDoneRows(t.db, 30 * 24 * 60 * 60 * 1000)).toBe(2);
    const left = await t.db
      .select({ text: outboxMessages.text })
      .from(outboxMessages)
      .where(eq(outboxMessages.kind, "old"));
    expect(left.map((r) => r.text).sort()).toEqual(["c", "d"]);
  });
});

describe("claims", () => {
  it("lists newest first, filters by status, reviews, reopens and deletes", async () => {
    const client = await seedClient(t.db, { nickname: "Аркадий", organizationName: "ООО Ромашка" });
    const older = await seedClaim(t.db, {
      clientId: client.id,
      text: "Старая",
      createdDate: new Date("2026-11-01T10:00:00Z"),
    });
    const newer = await seedClaim(t.db, {
      clientId: client.id,
      text: "Новая",
      createdDate: new Date("2026-11-02T10:00:00Z"),
    });
    const list = (query = "") => t.call("seller", { method: "GET", url: `/api/messaging/claims/${query}` });
    const all = (await list()).json<TPaged<TClaim>>();
    expect(all.results.map((c) => c.text)).toEqual(["Новая", "Старая"]);
    expect(all.results[0]).toMatchObject({
      owner: client.id,
      owner_name: "ООО Ромашка (Аркадий)",
      owner_phone: client.phoneNumber,
      order: null,
      status: "not_reviewed",
    });

    const reviewed = await t.call("seller", {
      method: "PUT",
      url: `/api/messaging/claims/${older.id}/`,
      payload: { status: "reviewed", owner: client.id },
    });
    expect(reviewed.json()).toMatchObject({ id: older.id, status: "reviewed" });
    expect((await list("?status=reviewed")).json<TPaged<TClaim>>().results.map((c) => c.id)).toEqual([
      older.id,
    ]);
    expect((await list("?status=not_reviewed")).json<TPaged<TClaim>>()).toMatchObject({ count: 1 });

    const reopened = await t.call("seller", {
      method: "PUT",
      url: `/api/messaging/claims/${older.id}/`,
      payload: { status: "not_reviewed" },
    });
    expect(reopened.json().status).toBe("not_reviewed");
    const wrongOwner = await t.call("seller", {
      method: "PUT",
      url: `/api/messaging/claims/${older.id}/`,
      payload: { status: "reviewed", owner: client.id + 1000 },
    });
    expect(wrongOwner.statusCode).toBe(400);
    const badStatus = await t.call("seller", {
      method: "PUT",
      url: `/api/messaging/claims/${older.id}/`,
      payload: { status: "closed" },
    });
    expect(badStatus.statusCode).toBe(400);

    expect(
      (await t.call("seller", { method: "DELETE", url: `/api/messaging/claims/${newer.id}/` })).statusCode,
    ).toBe(204);
    expect(
      (await t.call("seller", { method: "DELETE", url: `/api/messaging/claims/${newer.id}/` })).statusCode,
    ).toBe(404);
    expect((await t.call("storehouse", { method: "GET", url: "/api/messaging/claims/" })).statusCode).toBe(
      403,
    );
  });

  it("names the client's phone and the order a claim most likely concerns: the latest opened before it", async () => {
    const client = await seedClient(t.db, { phoneNumber: "+79001234567" });
    await seedOrder(t.db, { clientId: client.id, clientType: 3, openedOn: "2026-10-30" });
    const before = await seedOrder(t.db, { clientId: client.id, clientType: 3, openedOn: "2026-10-31" });
    // Opened after the claim was written: not what it is about.
    await seedOrder(t.db, { clientId: client.id, clientType: 3, openedOn: "2026-11-03" });
    const claim = await seedClaim(t.db, {
      clientId: client.id,
      text: "Не хватило двух чехлов",
      createdDate: new Date("2026-11-01T10:00:00Z"),
    });
    const early = await seedClaim(t.db, {
      clientId: client.id,
      text: "Раньше всех заказов",
      createdDate: new Date("2026-10-01T10:00:00Z"),
    });
    const all = (await t.call("seller", { method: "GET", url: "/api/messaging/claims/?limit=100" })).json<
      TPaged<TClaim>
    >();
    const mine = (id: number) => all.results.find((c) => c.id === id);
    expect(mine(claim.id)).toMatchObject({
      owner_phone: "+79001234567",
      order: { id: before.id, opened_on: "2026-10-31" },
    });
    expect(mine(early.id)?.order).toBeNull();
  });
});
