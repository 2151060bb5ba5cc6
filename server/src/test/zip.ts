import { createDeflateRaw, deflateRawSync } from "node:zlib";

/** One file of an archive: compressed here, or already deflated by `deflateRepeated`. */
export type ZipEntry = {
  name: string;
  data: Buffer | Deflated;
  /** The uncompressed size the headers claim instead of the real one: the lie of a zip bomb. */
  declaredSize?: number;
  /** Kept as is (method 0) instead of deflated. */
  stored?: boolean;
};
export type Deflated = { deflated: Buffer; size: number; crc: number };

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

/** CRC-32 of `data`, continuing from `crc` so a long content can be summed piece by piece. */
function crc32(data: Buffer, crc = 0): number {
  let c = ~crc >>> 0;
  for (const byte of data) c = (CRC_TABLE[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
  return ~c >>> 0;
}

/**
 * `head`, then `body` `count` times, then `tail`, deflated as a stream: a file of hundreds of megabytes
 * uncompressed is built without ever holding it in memory.
 */
export async function deflateRepeated(
  head: string,
  body: string,
  count: number,
  tail: string,
): Promise<Deflated> {
  const deflate = createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflate.on("data", (chunk: Buffer) => out.push(chunk));
  const done = new Promise((resolve, reject) => deflate.on("end", resolve).on("error", reject));
  let crc = 0;
  let size = 0;
  const write = async (text: string) => {
    const bytes = Buffer.from(text);
    crc = crc32(bytes, crc);
    size += bytes.length;
    if (!deflate.write(bytes)) await new Promise((resolve) => deflate.once("drain", resolve));
  };
  await write(head);
  // Many repetitions per write keep the CRC loop and the stream calls few.
  const batch = Math.max(1, Math.floor(65536 / Math.max(1, Buffer.byteLength(body))));
  const chunk = body.repeat(batch);
  let left = count;
  for (; left >= batch; left -= batch) await write(chunk);
  if (left > 0) await write(body.repeat(left));
  await write(tail);
  deflate.end();
  await done;
  return { deflated: Buffer.concat(out), size, crc };
}

/** A zip archive (no data descriptors), as spreadsheet programs write them. */
export function zipArchive(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const content: Deflated = Buffer.isBuffer(entry.data)
      ? {
          deflated: entry.stored ? entry.data : deflateRawSync(entry.data),
          size: entry.data.length,
          crc: crc32(entry.data),
        }
      : entry.data;
    const method = entry.stored ? 0 : 8;
    const size = entry.declaredSize ?? content.size;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(content.crc, 14);
    local.writeUInt32LE(content.deflated.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(content.crc, 16);
    central.writeUInt32LE(content.deflated.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, content.deflated);
    centrals.push(central, name);
    offset += local.length + name.length + content.deflated.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
