import { Api, GrammyError } from "grammy";
import { describe, expect, it } from "vitest";
import { type CapturedCall, captureCalls } from "./capture.ts";

describe("the bot's captured calls", () => {
  const captured = () => {
    const api = new Api("1:test");
    const calls: CapturedCall[] = [];
    let id = 1;
    captureCalls(api, calls, () => id++);
    return { api, calls };
  };
  const refusal = async (call: Promise<unknown>) => {
    const error = await call.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(GrammyError);
    return `${(error as GrammyError).error_code} ${(error as GrammyError).description}`;
  };

  it("answer a call that fits, and record it", async () => {
    const { api, calls } = captured();
    const sent = await api.sendMessage(7, "a".repeat(4096));
    expect(sent.message_id).toBe(1);
    expect(calls.map((c) => c.method)).toEqual(["sendMessage"]);
  });

  it("refuse a call over Telegram's limits as Telegram does, and record nothing of it", async () => {
    const { api, calls } = captured();
    const buttons = (count: number, data = "x") => ({
      inline_keyboard: Array.from({ length: count }, () => [{ text: "a", callback_data: data }]),
    });
    expect(await refusal(api.sendMessage(7, "a".repeat(4097)))).toBe("400 Bad Request: message is too long");
    expect(await refusal(api.editMessageText(7, 1, "a".repeat(4097)))).toBe(
      "400 Bad Request: message is too long",
    );
    expect(await refusal(api.sendMessage(7, ""))).toBe("400 Bad Request: message text is empty");
    expect(await refusal(api.sendPhoto(7, "file", { caption: "a".repeat(1025) }))).toBe(
      "400 Bad Request: message caption is too long",
    );
    expect(await refusal(api.sendMessage(7, "a", { reply_markup: buttons(101) }))).toBe(
      "400 Bad Request: reply markup is too long",
    );
    expect(
      await refusal(api.editMessageReplyMarkup(7, 1, { reply_markup: buttons(1, "x".repeat(65)) })),
    ).toBe("400 Bad Request: BUTTON_DATA_INVALID");
    expect(calls).toEqual([]);
  });
});
