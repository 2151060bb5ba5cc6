import type { TClientMessage } from "@wholesale/contract";
import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTelegramApi } from "../../bot/telegram-api.ts";
import { seedClient } from "../../db/factories/clients.ts";
import { clientMessages, messagePhotoChunks, messagePhotos } from "../../db/schema/index.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { type FakeBotApi, type FakeUpload, startFakeBotApi } from "../../test/fake-bot-api.ts";
import { holdStatements } from "../../test/hold-statements.ts";
import { multipartBody, TINY_PNG } from "../../test/multipart.ts";
import { settles, waitFor } from "../../test/wait.ts";
import { loadPhotos } from "../outbox/index.ts";
import { PHOTO_CHUNK_BYTES } from "./photo-store.ts";

let t: TestApp;
let fake: FakeBotApi;
let chat: number;
beforeAll(async () => {
  fake = await startFakeBotApi();
  t = await createTestApp({
    delivery: {
      api: createTelegramApi({ token: fake.token, apiRoot: fake.apiRoot }),
      ratePerSecond: 50,
      retentionMs: 24 * 60 * 60 * 1000,
      idleMs: 20,
    },
  });
  chat = (await seedClient(t.db)).telegramId ?? 0;
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

/** A PNG (as far as its header goes) of `size` bytes, each position's byte its own, so pieces cannot be mixed up. */
function photoOf(size: number): Buffer {
  const data = Buffer.alloc(size);
  for (let i = 0; i < size; i++) data[i] = (i * 7 + (i >> 8)) & 255;
  TINY_PNG.subarray(0, 24).copy(data);
  return data;
}

const sendPhoto = (text: string, photo: Buffer) =>
  t.call("office", {
    method: "POST",
    url: "/api/messaging/to-clients/",
    ...multipartBody({ text }, { photo: { data: photo, filename: "big.png" } }),
  });

const health = async () => (await t.call(null, { method: "GET", url: "/api/health" })).statusCode;

/** The upload Telegram got for the message's caption. */
const uploadOf = (caption: string) =>
  fake
    .callsTo("sendPhoto")
    .map((call) => call.payload)
    .find((payload) => payload.caption === caption && typeof payload.photo === "object")?.photo as
    | FakeUpload
    | undefined;

describe("a message photo", () => {
  it("is kept in pieces of at most 256 KB and goes to Telegram whole", async () => {
    const photo = photoOf(2 * PHOTO_CHUNK_BYTES + 1000);
    const res = await sendPhoto("Фото в трёх частях", photo);
    expect(res.statusCode).toBe(201);
    const message = res.json<TClientMessage>();
    expect(message).toMatchObject({ has_photo: true, recipients: 1 });

    const [stored] = await t.db
      .select({ photoId: clientMessages.photoId })
      .from(clientMessages)
      .where(eq(clientMessages.id, message.id));
    const pieces = await t.db
      .select({ seq: messagePhotoChunks.seq, size: sql<number>`length(${messagePhotoChunks.data})` })
      .from(messagePhotoChunks)
      .where(eq(messagePhotoChunks.photoId, stored?.photoId ?? 0))
      .orderBy(messagePhotoChunks.seq);
    expect(pieces).toEqual([
      { seq: 0, size: PHOTO_CHUNK_BYTES },
      { seq: 1, size: PHOTO_CHUNK_BYTES },
      { seq: 2, size: 1000 },
    ]);
    expect((await loadPhotos(t.db, [message.id])).get(message.id)?.photo?.equals(photo)).toBe(true);

    const upload = await waitFor("Telegram to get the photo", () => uploadOf("Фото в трёх частях"));
    expect(upload.size).toBe(photo.length);
    expect(Number(fake.callsTo("sendPhoto").at(-1)?.payload.chat_id)).toBe(chat);
  });

  it("lets other requests in while its pieces are written, and while the delivery reads them", async () => {
    const photo = photoOf(3 * PHOTO_CHUNK_BYTES);
    const writing = holdStatements(t.db, /^insert into "message_photo_chunks"/);
    let sent: ReturnType<typeof sendPhoto> | undefined;
    try {
      sent = sendPhoto("Фото, пока работают другие", photo);
      await settles("a piece of the photo to be written", writing.held);
      // The photo is half-stored: the database still answers others, for a change too.
      expect(await health()).toBe(200);
      const group = await t.call("office", {
        method: "POST",
        url: "/api/profiles/groups/",
        payload: { name: "Пока пишется фото" },
      });
      expect(group.statusCode).toBe(201);
    } finally {
      writing.release();
    }
    const reading = holdStatements(t.db, /^select "data" from "message_photo_chunks"/);
    try {
      expect((await settles("the photo's message", sent)).statusCode).toBe(201);
      await settles("the delivery to read a piece of the photo", reading.held);
      expect(await health()).toBe(200);
    } finally {
      reading.release();
    }
    const upload = await waitFor("Telegram to get the photo", () => uploadOf("Фото, пока работают другие"));
    expect(upload.size).toBe(photo.length);
  });

  it("is not kept when its message fails after the photo was stored", async () => {
    const photos = async () => (await t.db.select({ n: count() }).from(messagePhotos))[0]?.n;
    const before = await photos();
    await t.db.execute(sql`create function refuse_message() returns trigger language plpgsql as $$
      begin
        raise exception 'refused';
      end $$`);
    await t.db.execute(sql`create trigger refuse_message before insert on client_messages
      for each row execute function refuse_message()`);
    try {
      expect((await sendPhoto("Не сохранится", photoOf(5000))).statusCode).toBe(500);
    } finally {
      await t.db.execute(sql`drop trigger refuse_message on client_messages`);
      await t.db.execute(sql`drop function refuse_message()`);
    }
    expect(await photos()).toBe(before);
  });

  it("left by no message for over a day is deleted when another is stored; a fresh one is kept", async () => {
    const [old] = await t.db
      .insert(messagePhotos)
      .values({ size: 10, createdAt: new Date(Date.now() - 25 * 60 * 60 * 1000) })
      .returning();
    const [fresh] = await t.db.insert(messagePhotos).values({ size: 10 }).returning();
    expect((await sendPhoto("Ещё одно фото", photoOf(5000))).statusCode).toBe(201);
    const left = (await t.db.select({ id: messagePhotos.id }).from(messagePhotos)).map((p) => p.id);
    expect(left).not.toContain(old?.id);
    expect(left).toContain(fresh?.id);
  });
});
