import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { clipText, splitText, TELEGRAM_REFUSALS, telegramRefusal } from "./telegram-limits.ts";

const keyboard = (buttons: number, data = "x") => ({
  inline_keyboard: Array.from({ length: buttons }, (_, i) => [{ text: `${i}`, callback_data: data }]),
});

describe("Telegram's refusals", () => {
  it("a message's text: empty or over 4096 UTF-16 code units", () => {
    expect(telegramRefusal("sendMessage", { chat_id: 1, text: "a".repeat(4096) })).toBeNull();
    expect(telegramRefusal("sendMessage", { chat_id: 1, text: "a".repeat(4097) })).toBe(
      TELEGRAM_REFUSALS.textTooLong,
    );
    // 2048 emoji are 4096 code units: the limit; one more is over it, as Telegram counts.
    expect(telegramRefusal("editMessageText", { text: "😀".repeat(2048) })).toBeNull();
    expect(telegramRefusal("editMessageText", { text: `${"😀".repeat(2048)}a` })).toBe(
      "Bad Request: message is too long",
    );
    expect(telegramRefusal("sendMessage", { text: " \n " })).toBe("Bad Request: message text is empty");
    expect(telegramRefusal("sendMessage", {})).toBe("Bad Request: message text is empty");
  });

  it("a caption over 1024; a photo without one is fine", () => {
    expect(telegramRefusal("sendPhoto", { photo: "id", caption: "a".repeat(1024) })).toBeNull();
    expect(telegramRefusal("sendPhoto", { photo: "id", caption: "a".repeat(1025) })).toBe(
      "Bad Request: message caption is too long",
    );
    expect(telegramRefusal("sendPhoto", { photo: "id" })).toBeNull();
    expect(telegramRefusal("editMessageCaption", { caption: "a".repeat(1025) })).toBe(
      TELEGRAM_REFUSALS.captionTooLong,
    );
  });

  it("an inline keyboard over 100 buttons, and callback data over 64 UTF-8 bytes or empty", () => {
    expect(telegramRefusal("editMessageReplyMarkup", { reply_markup: keyboard(100) })).toBeNull();
    expect(telegramRefusal("editMessageReplyMarkup", { reply_markup: keyboard(101) })).toBe(
      "Bad Request: reply markup is too long",
    );
    expect(
      telegramRefusal("sendMessage", { text: "a", reply_markup: keyboard(1, "x".repeat(64)) }),
    ).toBeNull();
    expect(telegramRefusal("sendMessage", { text: "a", reply_markup: keyboard(1, "x".repeat(65)) })).toBe(
      "Bad Request: BUTTON_DATA_INVALID",
    );
    // 32 Cyrillic letters are 64 bytes; 33 are 66, though only 33 characters.
    expect(
      telegramRefusal("sendMessage", { text: "a", reply_markup: keyboard(1, "ж".repeat(32)) }),
    ).toBeNull();
    expect(telegramRefusal("sendMessage", { text: "a", reply_markup: keyboard(1, "ж".repeat(33)) })).toBe(
      TELEGRAM_REFUSALS.buttonData,
    );
    expect(telegramRefusal("sendMessage", { text: "a", reply_markup: keyboard(1, "") })).toBe(
      TELEGRAM_REFUSALS.buttonData,
    );
    // As a multipart field, the markup is JSON text.
    expect(telegramRefusal("sendPhoto", { reply_markup: JSON.stringify(keyboard(101)) })).toBe(
      TELEGRAM_REFUSALS.markupTooLong,
    );
    // A reply keyboard and a URL button carry no callback data.
    expect(
      telegramRefusal("sendMessage", {
        text: "a",
        reply_markup: { inline_keyboard: [[{ text: "Открыть", web_app: { url: "https://x" } }]] },
      }),
    ).toBeNull();
    expect(telegramRefusal("sendMessage", { text: "a", reply_markup: { remove_keyboard: true } })).toBeNull();
  });
});

describe("splitText", () => {
  it("keeps a text that fits as it is", () => {
    expect(splitText("a\n\nb", 10)).toEqual(["a\n\nb"]);
  });

  it("cuts at line boundaries, a long line at a space, a line without one hard", () => {
    expect(splitText("aaaa\nbbbb\ncccc", 9)).toEqual(["aaaa\nbbbb", "cccc"]);
    expect(splitText("aaa bbb ccc", 7)).toEqual(["aaa bbb", "ccc"]);
    expect(splitText("abcdefghij", 4)).toEqual(["abcd", "efgh", "ij"]);
    // A blank line where the cut falls is not a message of its own.
    expect(splitText("aaaa\n\nbbbb", 5)).toEqual(["aaaa", "bbbb"]);
  });

  it("never cuts a surrogate pair in two", () => {
    expect(splitText("a😀b", 2)).toEqual(["a", "😀", "b"]);
  });

  it("every part fits, and the parts hold the whole text in order", () => {
    const line = fc.stringMatching(/^[a-zа-я😀 ]{0,30}$/u);
    fc.assert(
      fc.property(fc.array(line, { maxLength: 40 }), fc.integer({ min: 2, max: 60 }), (lines, max) => {
        const text = lines.join("\n");
        const parts = splitText(text, max);
        for (const part of parts) expect(part.length).toBeLessThanOrEqual(max);
        expect(parts.join("").replace(/\s/g, "")).toBe(text.replace(/\s/g, ""));
        if (text.length <= max) expect(parts).toEqual([text]);
      }),
    );
  });
});

describe("clipText", () => {
  it("keeps the first lines that fit and says there is more", () => {
    expect(clipText("abc", 5)).toBe("abc");
    const clipped = clipText("aaaa\nbbbb\ncccc", 12);
    expect(clipped).toBe("aaaa\nbbbb\n…");
    expect(clipped.length).toBeLessThanOrEqual(12);
    // A line cut short ends with «…» right after its last words.
    expect(clipText("aaa bbb ccc ddd", 9)).toBe("aaa bbb…");
  });
});
