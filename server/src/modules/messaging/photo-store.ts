import { and, eq, lt, notExists, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { clientMessages, messagePhotoChunks, messagePhotos } from "../../db/schema/index.ts";
import { letOthersIn } from "../../lib/let-others-in.ts";

/**
 * Bytes a statement writes at most. The embedded PGlite runs each statement on the server's thread, and its
 * cost grows faster than the value: a 10 MB photo written whole held every request for 5-7 s, while a piece of
 * 256 KB takes some 50 ms (bench/RESULTS.md, «Big writes on the embedded database»).
 */
export const PHOTO_CHUNK_BYTES = 256 * 1024;

/** How long a photo no message took (its sending failed or the process stopped) is kept before it is deleted. */
const ABANDONED_AFTER = sql`interval '1 day'`;

/**
 * Stores a photo's bytes for a message about to be sent, piece by piece, each piece its own statement with a
 * turn of the event loop after it, so that other requests go in between; returns the photo's id for the
 * message. A photo left by a send that failed after it was stored is deleted by the next photo stored a day
 * later, as is one a stopped process left half-written.
 */
export async function storePhoto(db: Db, data: Buffer): Promise<number> {
  await db
    .delete(messagePhotos)
    .where(
      and(
        lt(messagePhotos.createdAt, sql`now() - ${ABANDONED_AFTER}`),
        notExists(
          db.select({ one: sql`1` }).from(clientMessages).where(eq(clientMessages.photoId, messagePhotos.id)),
        ),
      ),
    );
  const [photo] = await db
    .insert(messagePhotos)
    .values({ size: data.length })
    .returning({ id: messagePhotos.id });
  if (!photo) throw new Error("photo not inserted");
  try {
    for (let seq = 0; seq * PHOTO_CHUNK_BYTES < data.length; seq++) {
      const offset = seq * PHOTO_CHUNK_BYTES;
      await db
        .insert(messagePhotoChunks)
        .values({ photoId: photo.id, seq, data: data.subarray(offset, offset + PHOTO_CHUNK_BYTES) });
      await letOthersIn();
    }
  } catch (error) {
    await dropPhoto(db, photo.id);
    throw error;
  }
  return photo.id;
}

/** Deletes a photo no message took; a failure to (the database away) leaves it to the cleanup of `storePhoto`. */
export async function dropPhoto(db: Db, photoId: number): Promise<void> {
  await db
    .delete(messagePhotos)
    .where(eq(messagePhotos.id, photoId))
    .catch(() => {});
}
