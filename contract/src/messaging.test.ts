import { describe, expect, it } from "vitest";
import {
  MESSAGE_TEXT_MAX,
  ZClientMessageScheduleSchema,
  ZClientMessageSendFieldsSchema,
} from "./messaging.ts";

describe("a message's client_type", () => {
  // Multipart fields arrive as strings, JSON ones as any value: both shapes share one schema per body.
  const cases: [unknown, 2 | 3 | null][] = [
    [2, 2],
    ["2", 2],
    [" 3 ", 3],
    [3, 3],
    ["all", null],
    ["null", null],
    [null, null],
    [2.5, null],
    ["2.5", null],
    ["", null],
    [0, null],
    [7, null],
    [true, null],
    [[2], null],
  ];

  it.each(cases)("%j means %j (2 large, 3 small, anything else all), never a refusal", (value, expected) => {
    const send = ZClientMessageSendFieldsSchema.parse({ text: "Текст", client_type: value });
    expect(send.client_type).toBe(expected);
    const schedule = ZClientMessageScheduleSchema.parse({
      text: "Текст",
      send_time: "10:00",
      client_type: value,
    });
    expect(schedule.client_type).toBe(expected);
  });

  it("may be left out", () => {
    expect(ZClientMessageSendFieldsSchema.parse({ text: "Текст" }).client_type).toBeUndefined();
    expect(
      ZClientMessageScheduleSchema.parse({ text: "Текст", send_time: "10:00" }).client_type,
    ).toBeUndefined();
  });
});

describe("a message's text", () => {
  // A broadcast is one message a recipient: over Telegram's limit it is refused when written, never split.
  it("is refused over Telegram's 4096 characters, as the send and the schedule write it", () => {
    const over = "я".repeat(MESSAGE_TEXT_MAX + 1);
    const send = ZClientMessageSendFieldsSchema.safeParse({ text: over });
    expect(send.success).toBe(false);
    expect(send.error?.issues[0]?.message).toBe("Текст длиннее 4096 символов");
    const schedule = ZClientMessageScheduleSchema.safeParse({ text: over, send_time: "10:00" });
    expect(schedule.error?.issues[0]?.message).toBe("Текст длиннее 4096 символов");
    expect(ZClientMessageSendFieldsSchema.parse({ text: "я".repeat(MESSAGE_TEXT_MAX) }).text).toHaveLength(
      4096,
    );
  });
});
