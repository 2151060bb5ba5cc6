import { readFile } from "node:fs/promises";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientMessages, messagePhotoChunks } from "../../db/schema/index.ts";
import { openTestDatabase, type TestDatabase } from "../../test/database.ts";
import { loadPhotos } from "../outbox/index.ts";

// Migration 0013 over messages whose photos were stored whole: the test database (migrated to the end) is put
// back as it was before 0013, given such messages, and migrated again.
const migration = new URL("../../db/migrations/0013_message_photo_chunks.sql", import.meta.url);

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

async function asBefore() {
  const { db } = database;
  await db.execute(sql`alter table client_messages drop column photo_id`);
  await db.execute(sql`drop table message_photo_chunks`);
  await db.execute(sql`drop table message_photos`);
  await db.execute(sql`alter table client_messages add column photo bytea`);
}

async function runMigration() {
  const text = await readFile(migration, "utf8");
  for (const statement of text.split("--> statement-breakpoint"))
    if (statement.trim()) await database.db.execute(sql.raw(statement));
}

const bytes = (size: number, salt: number) => {
  const data = Buffer.alloc(size);
  for (let i = 0; i < size; i++) data[i] = (i * 31 + salt) & 255;
  return data;
};

describe("migration 0013: message photos in pieces", () => {
  it("moves each photo stored whole into pieces of 256 KB that read back the same; a message without one keeps none", async () => {
    const { db } = database;
    await asBefore();
    const photos = [bytes(600 * 1024, 1), bytes(256 * 1024, 2), bytes(10, 3)];
    const ids: number[] = [];
    for (const [i, photo] of photos.entries()) {
      const { rows } = (await db.execute(
        sql`insert into client_messages (text, photo, photo_name) values (${`Фото ${i}`}, ${photo}, 'p.png')
            returning id`,
      )) as unknown as { rows: { id: number }[] };
      ids.push(Number(rows[0]?.id));
    }
    const { rows } = (await db.execute(
      sql`insert into client_messages (text) values ('Без фото') returning id`,
    )) as unknown as { rows: { id: number }[] };
    const withoutPhoto = Number(rows[0]?.id);

    await runMigration();

    const loaded = await loadPhotos(db, [...ids, withoutPhoto]);
    for (const [i, id] of ids.entries())
      expect(loaded.get(id)?.photo?.equals(photos[i] as Buffer)).toBe(true);
    expect(loaded.get(withoutPhoto)?.photo).toBeNull();
    const [first] = await db
      .select()
      .from(clientMessages)
      .where(eq(clientMessages.id, ids[0] ?? 0));
    const pieces = await db
      .select({ size: sql<number>`length(${messagePhotoChunks.data})` })
      .from(messagePhotoChunks)
      .where(eq(messagePhotoChunks.photoId, first?.photoId ?? 0))
      .orderBy(messagePhotoChunks.seq);
    expect(pieces.map((p) => Number(p.size))).toEqual([256 * 1024, 256 * 1024, 88 * 1024]);
    expect(first?.photoName).toBe("p.png");
  });
});
