import type { FastifyReply } from "fastify";

/**
 * `attachment` with the name twice: an ASCII fallback for old clients and the exact UTF-8 name
 * (RFC 6266 / 5987), so "Заказы_2026-11-22.xlsx" arrives as is.
 */
export function contentDisposition(filename: string): string {
  const fallback = filename.replace(/[^\x20-\x7e]|["\\]/g, "_");
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/** Sends a file download; the web reads the name from the content-disposition header. */
export function sendDownload(
  reply: FastifyReply,
  {
    filename,
    contentType,
    body,
  }: { filename: string; contentType: string; body: Buffer | NodeJS.ReadableStream },
) {
  return reply
    .header("content-type", contentType)
    .header("content-disposition", contentDisposition(filename))
    .header("cache-control", "no-store")
    .send(body);
}
