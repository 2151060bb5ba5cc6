import { GrammyError, InputFile } from "grammy";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTelegramApi } from "../bot/telegram-api.ts";
import { type FakeBotApi, startFakeBotApi } from "./fake-bot-api.ts";

describe("fake Bot API through grammY's Api", () => {
  let fake: FakeBotApi;
  beforeEach(async () => {
    fake = await startFakeBotApi();
  });
  afterEach(async () => {
    await fake.close();
  });
  const api = () => {
    const made = createTelegramApi({ token: fake.token, apiRoot: fake.apiRoot }, { timeoutSeconds: 2 });
    if (!made) throw new Error("no api");
    return made;
  };

  it("makes no Api without a token", () => {
    expect(createTelegramApi({ token: undefined, apiRoot: fake.apiRoot })).toBeNull();
  });

  it("answers getMe and sendMessage with increasing message ids, recording each call", async () => {
    const me = await api().getMe();
    expect(me.is_bot).toBe(true);
    const first = await api().sendMessage(501, "Привет", {
      reply_markup: { inline_keyboard: [[{ text: "Да", callback_data: "yes" }]] },
    });
    const second = await api().sendMessage(502, "Ещё");
    expect(first.chat.id).toBe(501);
    expect(first.text).toBe("Привет");
    expect(second.message_id).toBeGreaterThan(first.message_id);
    expect(fake.callsTo("sendMessage").map((c) => c.payload.chat_id)).toEqual([501, 502]);
    expect(fake.callsTo("sendMessage")[0]?.payload.reply_markup).toEqual({
      inline_keyboard: [[{ text: "Да", callback_data: "yes" }]],
    });
  });

  it("takes an uploaded photo as multipart and gives a file_id that a later call can reuse", async () => {
    const sent = await api().sendPhoto(7, new InputFile(Buffer.from("fake-jpeg-bytes"), "p.jpg"), {
      caption: "Фото",
    });
    const fileId = sent.photo.at(-1)?.file_id ?? "";
    expect(fileId).not.toBe("");
    await api().sendPhoto(8, fileId, { caption: "Фото" });
    const [upload, reuse] = fake.callsTo("sendPhoto");
    expect(upload?.payload).toMatchObject({ chat_id: 7, caption: "Фото", photo: { upload: true, size: 15 } });
    expect(reuse?.payload).toMatchObject({ chat_id: 8, photo: fileId });
  });

  it("fails the next matching call as told, with retry_after on a 429, for one chat when given", async () => {
    fake.failNext("sendMessage", {
      status: 429,
      description: "Too Many Requests: retry after 3",
      retryAfter: 3,
    });
    fake.failNext("sendMessage", {
      status: 403,
      description: "Forbidden: bot was blocked by the user",
      chatId: 9,
    });
    const tooMany = await api()
      .sendMessage(1, "a")
      .catch((e: unknown) => e);
    expect(tooMany).toBeInstanceOf(GrammyError);
    expect((tooMany as GrammyError).error_code).toBe(429);
    expect((tooMany as GrammyError).parameters.retry_after).toBe(3);
    await expect(api().sendMessage(1, "b")).resolves.toMatchObject({ text: "b" });
    await expect(api().sendMessage(9, "c")).rejects.toMatchObject({ error_code: 403 });
    await expect(api().sendMessage(9, "d")).resolves.toMatchObject({ text: "d" });
  });

  it("hangs a method until released", async () => {
    const release = fake.hang("sendMessage");
    let answered = false;
    const call = api()
      .sendMessage(3, "x")
      .then(() => {
        answered = true;
      });
    await new Promise((r) => setTimeout(r, 100));
    expect(answered).toBe(false);
    release();
    await call;
    expect(answered).toBe(true);
  });

  it("long-polls getUpdates over pushed updates, confirming by offset", async () => {
    const waiting = api().getUpdates({ offset: 0, timeout: 5 });
    await new Promise((r) => setTimeout(r, 50));
    fake.pushUpdate({
      message: { message_id: 1, date: 0, chat: { id: 5, type: "private" }, text: "/start" },
    });
    const first = await waiting;
    expect(first).toHaveLength(1);
    const id = first[0]?.update_id ?? 0;
    fake.pushUpdate({ message: { message_id: 2, date: 0, chat: { id: 5, type: "private" }, text: "ещё" } });
    const next = await api().getUpdates({ offset: id + 1, timeout: 0 });
    expect(next.map((u) => u.message?.text)).toEqual(["ещё"]);
    expect(await api().getUpdates({ offset: id + 2, timeout: 0 })).toEqual([]);
  });

  it("refuses what Telegram refuses over its limits, with a 400 and Telegram's description", async () => {
    const refused = async (call: Promise<unknown>) => {
      const error = await call.then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(GrammyError);
      return { code: (error as GrammyError).error_code, description: (error as GrammyError).description };
    };
    const buttons = (count: number, data = "x") => ({
      inline_keyboard: Array.from({ length: count }, () => [{ text: "a", callback_data: data }]),
    });
    expect(await refused(api().sendMessage(1, "a".repeat(4097)))).toEqual({
      code: 400,
      description: "Bad Request: message is too long",
    });
    await expect(api().sendMessage(1, "a".repeat(4096))).resolves.toMatchObject({ chat: { id: 1 } });
    expect(await refused(api().editMessageText(1, 5, "б".repeat(4097)))).toEqual({
      code: 400,
      description: "Bad Request: message is too long",
    });
    expect(await refused(api().sendMessage(1, "  "))).toEqual({
      code: 400,
      description: "Bad Request: message text is empty",
    });
    expect(await refused(api().sendPhoto(1, "file-id", { caption: "a".repeat(1025) }))).toEqual({
      code: 400,
      description: "Bad Request: message caption is too long",
    });
    // An uploaded photo goes as multipart: its caption and markup are form fields, refused the same.
    expect(
      await refused(
        api().sendPhoto(1, new InputFile(Buffer.from("jpeg"), "p.jpg"), {
          caption: "a".repeat(1025),
        }),
      ),
    ).toEqual({ code: 400, description: "Bad Request: message caption is too long" });
    expect(await refused(api().editMessageReplyMarkup(1, 5, { reply_markup: buttons(101) }))).toEqual({
      code: 400,
      description: "Bad Request: reply markup is too long",
    });
    await expect(api().editMessageReplyMarkup(1, 5, { reply_markup: buttons(100) })).resolves.toBeTruthy();
    expect(await refused(api().sendMessage(1, "a", { reply_markup: buttons(1, "ж".repeat(33)) }))).toEqual({
      code: 400,
      description: "Bad Request: BUTTON_DATA_INVALID",
    });
    // Each refused call reached the fake and is recorded, as Telegram received it.
    expect(fake.callsTo("sendMessage").map((c) => String(c.payload.text).length)).toEqual([4097, 4096, 2, 1]);
  });
});
