import { TINY_PNG } from "./multipart.ts";

/** A PNG whose header declares `width`×`height` (only the header is read before sending). */
export function pngDeclaring(width: number, height: number): Buffer {
  const data = Buffer.from(TINY_PNG);
  data.writeUInt32BE(width, 16);
  data.writeUInt32BE(height, 20);
  return data;
}

/** A baseline JPEG's first segments: SOI, an APP0 segment, then a frame header declaring the size. */
export function jpegDeclaring(width: number, height: number, frameMarker = 0xc0): Buffer {
  const app0 = Buffer.from([0xff, 0xe0, 0x00, 0x10, ...Buffer.from("JFIF\0"), 1, 1, 0, 0, 1, 0, 1, 0, 0]);
  const frame = Buffer.alloc(19);
  frame.writeUInt16BE(0xff00 | frameMarker, 0);
  frame.writeUInt16BE(17, 2);
  frame[4] = 8;
  frame.writeUInt16BE(height, 5);
  frame.writeUInt16BE(width, 7);
  frame[9] = 3;
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    app0,
    Buffer.from([0xff]),
    frame,
    Buffer.from([0xff, 0xd9]),
  ]);
}

/** A WebP's RIFF header and first chunk of the given kind, declaring `width`×`height`. */
export function webpDeclaring(kind: "VP8 " | "VP8L" | "VP8X", width: number, height: number): Buffer {
  const chunk = Buffer.alloc(20);
  if (kind === "VP8 ") {
    chunk.set([0x9d, 0x01, 0x2a], 3);
    chunk.writeUInt16LE(width, 6);
    chunk.writeUInt16LE(height, 8);
  } else if (kind === "VP8L") {
    chunk[0] = 0x2f;
    chunk.writeUInt32LE(((width - 1) | ((height - 1) << 14)) >>> 0, 1);
  } else {
    chunk.writeUIntLE(width - 1, 4, 3);
    chunk.writeUIntLE(height - 1, 7, 3);
  }
  const head = Buffer.alloc(20);
  head.write("RIFF", 0, "latin1");
  head.writeUInt32LE(12 + chunk.length, 4);
  head.write("WEBP", 8, "latin1");
  head.write(kind, 12, "latin1");
  head.writeUInt32LE(chunk.length, 16);
  return Buffer.concat([head, chunk]);
}
