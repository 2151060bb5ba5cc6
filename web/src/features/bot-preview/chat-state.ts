import type { TBotPreviewReply } from "@wholesale/contract";

export type Bubble =
  | { id: number; from: "user"; text: string }
  | { id: number; from: "notice"; text: string }
  | {
      id: number;
      from: "bot";
      messageId: number;
      text: string;
      buttons: TBotPreviewReply["messages"][number]["inline_keyboard"];
    };

export type ReplyKeyboard = NonNullable<TBotPreviewReply["messages"][number]["reply_keyboard"]>;
export type ChatState = { bubbles: Bubble[]; replyKeyboard: ReplyKeyboard; nextId: number };

export const emptyChat = (): ChatState => ({ bubbles: [], replyKeyboard: [], nextId: 1 });

export function addUserBubble(state: ChatState, text: string): ChatState {
  return {
    ...state,
    bubbles: [...state.bubbles, { id: state.nextId, from: "user", text }],
    nextId: state.nextId + 1,
  };
}

/** The bot's answer as Telegram would draw it: new messages appended, edited ones rewritten in place. */
export function applyReply(state: ChatState, reply: TBotPreviewReply): ChatState {
  let { bubbles, replyKeyboard, nextId } = state;
  for (const message of reply.messages) {
    const bot = {
      from: "bot" as const,
      messageId: message.message_id,
      text: message.text,
      buttons: message.inline_keyboard,
    };
    const index = bubbles.findIndex((b) => b.from === "bot" && b.messageId === message.message_id);
    if (message.kind === "edit" && index >= 0) {
      bubbles = bubbles.map((b, i) => (i === index ? { ...bot, id: b.id } : b));
    } else {
      bubbles = [...bubbles, { ...bot, id: nextId++ }];
    }
    if (message.reply_keyboard !== null) replyKeyboard = message.reply_keyboard;
  }
  if (reply.notice) bubbles = [...bubbles, { id: nextId++, from: "notice", text: reply.notice }];
  return { bubbles, replyKeyboard, nextId };
}
