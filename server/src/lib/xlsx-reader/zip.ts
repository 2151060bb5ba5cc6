import { Readable } from "node:stream";
import { createInflateRaw } from "node:zlib";

/** One file of a zip archive as its central directory declares it. */
export type ZipEntry = {
  name: string;
  /** 0 stored, 8 deflated; nothing else appears in spreadsheets. */
  method: number;
  compressedSize: number;
  /** The uncompressed size the archive claims: checked before inflating, and held to while inflating. */
  size: number;
  localHeaderOffset: number;
};

/** The bytes are not a zip archive this reader takes (damaged, encrypted, split, or zip64). */
export class ZipError extends Error {}

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const END_OF_DIRECTORY_SIZE = 22;
const MAX_COMMENT = 0xffff;

function endOfDirectory(data: Buffer): number {
  const last = data.length - END_OF_DIRECTORY_SIZE;
  for (let at = last; at >= 0 && at >= last - MAX_COMMENT; at--) {
    if (data.readUInt32LE(at) === END_OF_DIRECTORY) return at;
  }
  throw new ZipError("no end of central directory");
}

/**
 * The archive's central directory: every entry's name and declared sizes, read without inflating anything,
 * so a bomb's claimed sizes can be refused before any work. Zip64 (needed only past 4 GB or 65,535 files,
 * never by a spreadsheet of a few megabytes) is refused.
 */
export function readZipDirectory(data: Buffer): Map<string, ZipEntry> {
  const end = endOfDirectory(data);
  const count = data.readUInt16LE(end + 10);
  const directorySize = data.readUInt32LE(end + 12);
  const directoryOffset = data.readUInt32LE(end + 16);
  if (count === 0xffff || directoryOffset === 0xffffffff) throw new ZipError("zip64 archive");
  if (directoryOffset + directorySize > end) throw new ZipError("central directory out of bounds");
  const entries = new Map<string, ZipEntry>();
  let at = directoryOffset;
  for (let i = 0; i < count; i++) {
    if (at + 46 > end || data.readUInt32LE(at) !== DIRECTORY_ENTRY) throw new ZipError("bad directory entry");
    const flags = data.readUInt16LE(at + 8);
    if (flags & 0x1) throw new ZipError("encrypted entry");
    const nameLength = data.readUInt16LE(at + 28);
    const next = at + 46 + nameLength + data.readUInt16LE(at + 30) + data.readUInt16LE(at + 32);
    if (next > end) throw new ZipError("directory entry out of bounds");
    const name = data.toString("utf8", at + 46, at + 46 + nameLength);
    entries.set(name, {
      name,
      method: data.readUInt16LE(at + 10),
      compressedSize: data.readUInt32LE(at + 20),
      size: data.readUInt32LE(at + 24),
      localHeaderOffset: data.readUInt32LE(at + 42),
    });
    at = next;
  }
  return entries;
}

/** Where the entry's compressed bytes lie: after its local header, whose own name and extra field may differ. */
function compressedBytes(data: Buffer, entry: ZipEntry): Buffer {
  const at = entry.localHeaderOffset;
  if (at + 30 > data.length || data.readUInt32LE(at) !== LOCAL_HEADER) throw new ZipError("bad local header");
  const start = at + 30 + data.readUInt16LE(at + 26) + data.readUInt16LE(at + 28);
  const stop = start + entry.compressedSize;
  if (stop > data.length) throw new ZipError("entry data out of bounds");
  return data.subarray(start, stop);
}

/**
 * The entry's content, inflated piece by piece (memory stays at one piece whatever the size). Inflating
 * more than the entry declares is a lie of the archive and stops with a ZipError.
 */
export async function* inflateEntry(data: Buffer, entry: ZipEntry): AsyncGenerator<Buffer> {
  const compressed = compressedBytes(data, entry);
  if (entry.method === 0) {
    if (compressed.length !== entry.size) throw new ZipError("stored size differs");
    yield compressed;
    return;
  }
  if (entry.method !== 8) throw new ZipError(`compression method ${entry.method}`);
  const inflate = Readable.from([compressed]).pipe(createInflateRaw());
  let produced = 0;
  try {
    for await (const chunk of inflate as AsyncIterable<Buffer>) {
      produced += chunk.length;
      if (produced > entry.size) throw new ZipError("entry inflates past its declared size");
      yield chunk;
    }
  } catch (error) {
    throw error instanceof ZipError ? error : new ZipError(`damaged entry: ${(error as Error).message}`);
  } finally {
    inflate.destroy();
  }
  if (produced !== entry.size) throw new ZipError("entry inflates short of its declared size");
}
