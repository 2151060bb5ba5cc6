import { Readable } from "node:stream";
import { PHOTO_MAX_BYTES } from "@wholesale/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UPLOAD_LIMIT } from "../app.ts";
import { clientMessages } from "../db/schema/index.ts";
import { createTestApp, type TestApp } from "../test/app.ts";
import { TINY_PNG } from "../test/multipart.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const BOUNDARY = "----upload-limit";

/**
 * A multipart body with one file of `limit` + 1 MB bytes, sent as two pieces: the first ends exactly at the
 * limit, and the second comes only after a turn of the event loop, once the route has taken the first. The
 * upload parser then learns that the file is too long after it handed over its last piece. The file begins
 * with `start`.
 */
function overTheLimit(
  field: string,
  limit: number,
  { fields = {}, start = Buffer.alloc(0) }: { fields?: Record<string, string>; start?: Buffer } = {},
): { payload: Readable; headers: Record<string, string> } {
  const texts = Object.entries(fields).map(
    ([name, value]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const head = Buffer.from(
    `${texts.join("")}--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="big.bin"\r\n` +
      "Content-Type: application/octet-stream\r\n\r\n",
  );
  const pieces = [
    Buffer.concat([head, start, Buffer.alloc(limit - start.length, 1)]),
    Buffer.concat([Buffer.alloc(1024 * 1024, 1), Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]),
  ];
  const payload = new Readable({
    read() {
      const next = pieces.shift();
      setImmediate(() => this.push(next ?? null));
    },
  });
  return { payload, headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}` } };
}

describe("an upload over the size limit", () => {
  it("is an offers file too large (413), however its pieces arrive", async () => {
    const res = await t.call("office", {
      method: "POST",
      url: "/api/storehouse/offers/file/",
      ...overTheLimit("file", UPLOAD_LIMIT),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ detail: "Файл слишком большой", code: "payload_too_large" });
  });

  it("is a photo too large, however its pieces arrive, and no message is sent with its first 10 MB", async () => {
    const res = await t.call("office", {
      method: "POST",
      url: "/api/messaging/to-clients/",
      // A PNG's header: its first 10 MB alone would pass for a photo.
      ...overTheLimit("photo", PHOTO_MAX_BYTES, { fields: { text: "Большое фото" }, start: TINY_PNG }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      detail: "Фото больше 10 МБ",
      errors: { photo: ["Фото больше 10 МБ"] },
    });
    expect(await t.db.select({ id: clientMessages.id }).from(clientMessages)).toEqual([]);
  });
});
