import { type Api, InputFile } from "grammy";
import type { CallOutcome, ClaimedRow, PhotoSource } from "../../modules/outbox/index.ts";
import { outcomeOfError, type RetryPolicy, release } from "./outcome.ts";

/** A row on its way out, with its broadcast's photo (shared by the broadcast's rows, so one upload serves all). */
export type Outgoing = { row: ClaimedRow; photo: PhotoSource | undefined };

/** Whether the row's photo is not on Telegram yet: its first send uploads it. */
export const needsUpload = (photo: PhotoSource | undefined) => Boolean(photo?.photo && !photo.fileId);

/** One Bot API call. A photo without a file_id yet is uploaded; its file_id then serves every other row. */
export async function callBotApi(
  { api, retry }: { api: Api | null; retry: RetryPolicy },
  { row, photo }: Outgoing,
): Promise<CallOutcome> {
  if (!api) return release("нет токена бота");
  const other = row.replyMarkup ? { reply_markup: row.replyMarkup as never } : {};
  try {
    if (!photo?.photo) {
      await api.sendMessage(row.chatId, row.text, other);
      return { kind: "sent" };
    }
    if (photo.fileId) {
      await api.sendPhoto(row.chatId, photo.fileId, { caption: row.text, ...other });
      return { kind: "sent" };
    }
    const file = new InputFile(photo.photo, photo.photoName ?? "photo");
    const message = await api.sendPhoto(row.chatId, file, { caption: row.text, ...other });
    const fileId = message.photo.at(-1)?.file_id;
    if (!fileId) return { kind: "sent" };
    photo.fileId = fileId;
    return { kind: "sent", fileId };
  } catch (error) {
    return outcomeOfError(error, row.attempts, retry);
  }
}
