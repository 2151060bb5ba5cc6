const startsWith = (bytes: Uint8Array, prefix: readonly number[], at = 0) =>
  prefix.every((byte, i) => bytes[at + i] === byte);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** Read with a FileReader, which every browser (and the tests' jsdom, lacking `Blob.arrayBuffer`) has. */
function firstBytes(file: Blob, count: number): Promise<ArrayBuffer> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(file.slice(0, count));
  });
}

/**
 * The image format a file's first bytes announce (JPEG, PNG or WebP, the three the server accepts), or null.
 * A file's name and the type the browser guesses from it can lie: «photo.png» may be a text file.
 */
export async function imageTypeOf(file: Blob): Promise<"image/jpeg" | "image/png" | "image/webp" | null> {
  const bytes = new Uint8Array(await firstBytes(file, 12));
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8)) return "image/webp";
  return null;
}
