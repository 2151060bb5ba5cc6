import type { TClientMessageSchedule, TClientMessageSendFields } from "@wholesale/contract";
import type { Db } from "../../db/client.ts";
import type { Clock } from "../../lib/clock.ts";
import { countRecipients } from "./messages/count-recipients.ts";
import { deleteMessage } from "./messages/delete-message.ts";
import { getMessage } from "./messages/get-message.ts";
import { listMessages } from "./messages/list-messages.ts";
import { releaseDueMessages } from "./messages/release-due-messages.ts";
import { scheduleMessage } from "./messages/schedule-message.ts";
import { type Photo, sendMessage } from "./messages/send-message.ts";

export type { Photo };

export type MessageService = ReturnType<typeof createMessageService>;

/** Messages to clients: sent now or at their time, listed, deleted while not yet sent. */
export function createMessageService(deps: { db: Db; clock: Clock }) {
  const { db } = deps;
  return {
    recipientCount: (fields: Omit<TClientMessageSendFields, "text">) => countRecipients(db, fields),
    list: (query: { sent?: "true" | "false"; limit: number }) => listMessages(db, query),
    get: (id: number) => getMessage(db, id),
    sendNow: (fields: TClientMessageSendFields, photo: Photo | null, accountId: number | null) =>
      sendMessage(deps, fields, photo, accountId),
    schedule: (input: TClientMessageSchedule, accountId: number | null) =>
      scheduleMessage(deps, input, accountId),
    remove: (id: number) => deleteMessage(db, id),
    releaseDue: () => releaseDueMessages(deps),
  };
}
