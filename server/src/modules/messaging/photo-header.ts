import { PHOTO_TYPE_ERROR } from "@wholesale/contract";

/** What an image's first bytes say: its format and, when its header is whole, its size in pixels. */
export type PhotoHeader = { format: "jpeg" | "png" | "webp"; size?: { width: number; height: number } };

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function pngSize(data: Buffer): PhotoHeader["size"] {
  // The first chunk is always IHDR: width and height as 32-bit big-endian numbers.
  if (data.length < 24 || data.toString("latin1", 12, 16) !== "IHDR") return undefined;
  return { width: data.readUInt32BE(16), height: data.readUInt32BE(20) };
}

/** Markers that stand alone, without a length: TEM, RST0–7, SOI. */
const isStandalone = (marker: number) => marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8);
/** Start-of-frame markers (every SOFn; C4, C8 and CC are other segments). */
const isStartOfFrame = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

function jpegSize(data: Buffer): PhotoHeader["size"] {
  // Segments follow the SOI marker until the frame header, which holds height then width.
  let at = 2;
  while (at + 4 <= data.length) {
    if (data[at] !== 0xff) return undefined;
    while (data[at] === 0xff) at++;
    const marker = data[at++] as number;
    if (isStandalone(marker)) continue;
    if (marker === 0xd9 || marker === 0xda || at + 2 > data.length) return undefined;
    if (isStartOfFrame(marker)) {
      if (at + 7 > data.length) return undefined;
      return { width: data.readUInt16BE(at + 5), height: data.readUInt16BE(at + 3) };
    }
    at += data.readUInt16BE(at);
  }
  return undefined;
}

function webpSize(data: Buffer): PhotoHeader["size"] {
  if (data.length < 30) return undefined;
  switch (data.toString("latin1", 12, 16)) {
    case "VP8 ":
      // Lossy: a key frame's start code, then 14-bit width and height.
      if (data[23] !== 0x9d || data[24] !== 0x01 || data[25] !== 0x2a) return undefined;
      return { width: data.readUInt16LE(26) & 0x3fff, height: data.readUInt16LE(28) & 0x3fff };
    case "VP8L": {
      // Lossless: a signature byte, then width - 1 and height - 1 in 14 bits each.
      if (data[20] !== 0x2f) return undefined;
      const bits = data.readUInt32LE(21);
      return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
    }
    case "VP8X":
      // Extended: the canvas's width - 1 and height - 1 in 24 bits each.
      return { width: data.readUIntLE(24, 3) + 1, height: data.readUIntLE(27, 3) + 1 };
    default:
      return undefined;
  }
}

/**
 * The format of a photo Telegram's sendPhoto takes (JPEG, PNG, WebP), recognised by its first bytes (the
 * file's name proves nothing), and the size its header declares; null for anything else.
 */
export function readPhotoHeader(data: Buffer): PhotoHeader | null {
  if (data.length > 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) {
    return { format: "jpeg", size: jpegSize(data) };
  }
  if (data.subarray(0, 8).equals(PNG_SIGNATURE)) return { format: "png", size: pngSize(data) };
  if (data.toString("latin1", 0, 4) === "RIFF" && data.toString("latin1", 8, 12) === "WEBP") {
    return { format: "webp", size: webpSize(data) };
  }
  return null;
}

// Telegram's sendPhoto: "The photo's width and height must not exceed 10000 in total. Width and height ratio
// must be at most 20." A photo it would refuse is refused here, before the outbox takes it.
const MAX_SIDES_SUM = 10_000;
const MAX_RATIO = 20;

/** Why the photo cannot be sent, in Russian (its format, an unreadable header, its size); null when it can. */
export function photoProblem(data: Buffer): string | null {
  const header = readPhotoHeader(data);
  if (!header) return PHOTO_TYPE_ERROR;
  if (!header.size || header.size.width < 1 || header.size.height < 1) {
    return "Не удалось прочитать размеры фото: файл повреждён";
  }
  const { width, height } = header.size;
  const size = `Фото ${width}×${height} px`;
  if (width + height > MAX_SIDES_SUM) {
    return `${size}: Telegram принимает фото, у которых ширина и высота вместе не больше 10 000 px`;
  }
  if (Math.max(width, height) / Math.min(width, height) > MAX_RATIO) {
    return `${size}: Telegram принимает фото, у которых одна сторона длиннее другой не более чем в ${MAX_RATIO} раз`;
  }
  return null;
}
