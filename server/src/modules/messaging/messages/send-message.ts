import {
  PHOTO_CAPTION_MAX,
  PHOTO_MAX_BYTES,
  type TClientMessage,
  type TClientMessageSendFields,
} from "@wholesale/contract";
import type { Db } from "../../../db/client.ts";
import { clientMessages } from "../../../db/schema/index.ts";
import { badRequest } from "../../../http/errors.ts";
import type { Clock } from "../../../lib/clock.ts";
import { photoProblem } from "../photo-header.ts";
import { dropPhoto, storePhoto } from "../photo-store.ts";
import { checkTarget } from "./check-target.ts";
import { getMessage } from "./get-message.ts";
import { queueMessage } from "./queue-message.ts";

export type Photo = { data: Buffer; name: string };

/** Sends now (queues every recipient's row): to all, one type, one group or one direction. */
export async function sendMessage(
  { db, clock }: { db: Db; clock: Clock },
  fields: TClientMessageSendFields,
  photo: Photo | null,
  accountId: number | null,
): Promise<TClientMessage> {
  if ([fields.group, fields.transportation].filter((v) => v !== undefined).length > 1) {
    throw badRequest("Укажите либо группу, либо направление");
  }
  if (photo) {
    if (photo.data.length > PHOTO_MAX_BYTES) {
      throw badRequest("Фото больше 10 МБ", { photo: ["Фото больше 10 МБ"] });
    }
    const problem = photoProblem(photo.data);
    if (problem) throw badRequest(problem, { photo: [problem] });
    if (fields.text.length > PHOTO_CAPTION_MAX) {
      throw badRequest(`С фото текст не длиннее ${PHOTO_CAPTION_MAX} символов`, {
        text: [`С фото текст не длиннее ${PHOTO_CAPTION_MAX} символов`],
      });
    }
  }
  await checkTarget(db, fields);
  // Stored before the message, outside its transaction: on the embedded database a transaction holds every
  // other request until it ends, and a photo is written piece by piece with others' requests in between.
  const photoId = photo ? await storePhoto(db, photo.data) : null;
  const now = clock.now();
  const id = await db
    .transaction(async (tx) => {
      const [row] = await tx
        .insert(clientMessages)
        .values({
          text: fields.text,
          photoId,
          photoName: photo?.name.slice(0, 255) ?? null,
          sendTime: now,
          clientType: fields.group || fields.transportation ? null : (fields.client_type ?? null),
          groupId: fields.group ?? null,
          transportationId: fields.transportation ?? null,
          createdBy: accountId,
        })
        .returning();
      if (!row) throw new Error("message not inserted");
      await queueMessage(tx, row, now);
      return row.id;
    })
    .catch(async (error: unknown) => {
      if (photoId !== null) await dropPhoto(db, photoId);
      throw error;
    });
  return getMessage(db, id);
}
