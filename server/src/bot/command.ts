import type { Message } from "grammy/types";

/** Whether a message is a command (/market, /foo…): Telegram marks one with a bot_command entity at its start. */
export const isCommand = (message: Message | undefined): boolean =>
  message?.entities?.some((e) => e.type === "bot_command" && e.offset === 0) ?? false;
