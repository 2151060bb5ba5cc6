import {
  CALLBACK_DATA_MAX_BYTES,
  INLINE_KEYBOARD_BUTTONS_MAX,
  MESSAGE_TEXT_MAX,
  PHOTO_CAPTION_MAX,
} from "@wholesale/contract";

/** Methods whose `text` is a message's text: Telegram refuses it empty or over MESSAGE_TEXT_MAX. */
const TEXT_METHODS = new Set(["sendMessage", "editMessageText"]);
/** Methods whose `caption` Telegram holds to PHOTO_CAPTION_MAX. */
const CAPTION_METHODS = new Set([
  "sendPhoto",
  "sendVideo",
  "sendAnimation",
  "sendAudio",
  "sendDocument",
  "sendVoice",
  "sendPaidMedia",
  "copyMessage",
  "editMessageCaption",
]);

/** Telegram's descriptions of the refusals (with error_code 400) that the limits cause. */
export const TELEGRAM_REFUSALS = {
  textEmpty: "Bad Request: message text is empty",
  textTooLong: "Bad Request: message is too long",
  captionTooLong: "Bad Request: message caption is too long",
  markupTooLong: "Bad Request: reply markup is too long",
  buttonData: "Bad Request: BUTTON_DATA_INVALID",
} as const;

const utf8Bytes = (text: string) => Buffer.byteLength(text, "utf8");

/**
 * What Telegram answers a Bot API call over its limits: the description of its 400 refusal, or null when the
 * call fits. Text is counted in UTF-16 code units (JavaScript's `length`) as Telegram counts it, callback data
 * in UTF-8 bytes. The fake Bot API and the bot's captured calls refuse with it, so every test of the bot sees
 * what Telegram would.
 */
export function telegramRefusal(method: string, payload: Record<string, unknown>): string | null {
  if (TEXT_METHODS.has(method)) {
    const text = typeof payload.text === "string" ? payload.text : "";
    if (text.trim() === "") return TELEGRAM_REFUSALS.textEmpty;
    if (text.length > MESSAGE_TEXT_MAX) return TELEGRAM_REFUSALS.textTooLong;
  }
  if (CAPTION_METHODS.has(method) && typeof payload.caption === "string") {
    if (payload.caption.length > PHOTO_CAPTION_MAX) return TELEGRAM_REFUSALS.captionTooLong;
  }
  return markupRefusal(payload.reply_markup);
}

type InlineButton = { callback_data?: unknown };

function markupRefusal(markup: unknown): string | null {
  const parsed = typeof markup === "string" ? parseJson(markup) : markup;
  if (typeof parsed !== "object" || parsed === null || !("inline_keyboard" in parsed)) return null;
  const rows = (parsed as { inline_keyboard: unknown }).inline_keyboard;
  const buttons = Array.isArray(rows) ? rows.flatMap((row) => (Array.isArray(row) ? row : [])) : [];
  if (buttons.length > INLINE_KEYBOARD_BUTTONS_MAX) return TELEGRAM_REFUSALS.markupTooLong;
  for (const button of buttons as InlineButton[]) {
    const data = button?.callback_data;
    if (data === undefined) continue;
    if (typeof data !== "string" || data === "" || utf8Bytes(data) > CALLBACK_DATA_MAX_BYTES)
      return TELEGRAM_REFUSALS.buttonData;
  }
  return null;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * A text cut into messages Telegram takes, at line boundaries: as many whole lines as fit go together; a line
 * longer than `max` is cut at its last space that fits, else hard (never inside a surrogate pair). Blank lines
 * where a cut falls are dropped, as Telegram would strip them; a text that fits is returned as it is.
 */
export function splitText(text: string, max = MESSAGE_TEXT_MAX): string[] {
  if (text.length <= max) return [text];
  const parts: string[] = [];
  let current: string | null = null;
  for (const line of text.split("\n")) {
    for (const piece of cutLine(line, max)) {
      const joined: string = current === null ? piece : `${current}\n${piece}`;
      if (joined.length <= max) {
        current = joined;
        continue;
      }
      if (current !== null) parts.push(current);
      current = piece;
    }
  }
  if (current !== null) parts.push(current);
  return parts.map((part) => part.replace(/^\n+|\n+$/g, "")).filter((part) => part.trim() !== "");
}

/** A line as pieces of at most `max`: cut at the last space that fits, else hard. */
function cutLine(line: string, max: number): string[] {
  const pieces: string[] = [];
  let rest = line;
  while (rest.length > max) {
    const space = rest.lastIndexOf(" ", max);
    if (space > 0) {
      pieces.push(rest.slice(0, space));
      rest = rest.slice(space + 1);
      continue;
    }
    const code = rest.charCodeAt(max - 1);
    const cut = code >= 0xd800 && code <= 0xdbff ? max - 1 : max;
    pieces.push(rest.slice(0, cut));
    rest = rest.slice(cut);
  }
  pieces.push(rest);
  return pieces;
}

/**
 * A text that must stay one message (a view edited in place, a part of one), cut to fit: its first lines that
 * fit, then «…» (on a line of its own after whole lines, right after the words of a line cut short).
 */
export function clipText(text: string, max = MESSAGE_TEXT_MAX): string {
  if (text.length <= max) return text;
  const first = splitText(text, max - 2)[0] ?? "";
  const start = text.indexOf(first);
  return text.charAt(start + first.length) === "\n" ? `${first}\n…` : `${first}…`;
}
