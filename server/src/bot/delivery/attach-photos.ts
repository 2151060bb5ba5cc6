import type { Db } from "../../db/client.ts";
import { type ClaimedRow, loadPhotos, type PhotoSource } from "../../modules/outbox/index.ts";
import type { Outgoing } from "./call-bot-api.ts";

/** Gives each row its broadcast's photo, read once into `photos` for all the broadcast's rows. */
export async function attachPhotos(
  { db, photos }: { db: Db; photos: Map<number, PhotoSource> },
  rows: ClaimedRow[],
): Promise<Outgoing[]> {
  if (photos.size > 50) photos.clear();
  const missing = new Set(
    rows.flatMap((r) =>
      r.clientMessageId !== null && !photos.has(r.clientMessageId) ? [r.clientMessageId] : [],
    ),
  );
  for (const [id, source] of await loadPhotos(db, [...missing])) photos.set(id, source);
  return rows.map((row) => ({
    row,
    photo: row.clientMessageId === null ? undefined : photos.get(row.clientMessageId),
  }));
}
