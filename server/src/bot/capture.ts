import type { Api, RawApi, Transformer } from "grammy";
import { telegramRefusal } from "../lib/telegram-limits.ts";

/** One Bot API call the bot made, as it would have gone to Telegram. */
export type CapturedCall = {
  method: string;
  payload: Record<string, unknown>;
  /** The id the made-up answer gave a sent message, so later edits can be matched to it. */
  messageId?: number;
};

/**
 * An API transformer that records every outgoing call and answers it like Telegram would, without sending
 * anything: the preview, the tests of single updates and the benchmark run the real handlers through it. A call
 * over Telegram's limits is refused as Telegram refuses it (a 400 with its description, which grammY raises as
 * a GrammyError) and not recorded: the chat would not show it.
 */
export function captureCalls(api: Api, into: CapturedCall[], nextMessageId: () => number): void {
  const transformer: Transformer<RawApi> = async (_prev, method, payload) => {
    const body = { ...(payload as Record<string, unknown>) };
    const refusal = telegramRefusal(method, body);
    if (refusal) return { ok: false, error_code: 400, description: refusal } as never;
    const call: CapturedCall = { method, payload: body };
    into.push(call);
    const chat = { id: Number(body.chat_id ?? 0), type: "private" as const };
    const date = Math.floor(Date.now() / 1000);
    switch (method) {
      case "sendMessage":
        call.messageId = nextMessageId();
        return { ok: true, result: { message_id: call.messageId, chat, date, text: body.text } } as never;
      case "editMessageText":
        return {
          ok: true,
          result: { message_id: Number(body.message_id), chat, date, text: body.text },
        } as never;
      case "getMe":
        return {
          ok: true,
          result: { id: 1, is_bot: true, first_name: "Бот", username: "preview_bot" },
        } as never;
      default:
        return { ok: true, result: true } as never;
    }
  };
  api.config.use(transformer);
}
