import { describe, expect, it } from "vitest";
import { imageTypeOf } from "./image-type.ts";

const file = (bytes: number[] | string) =>
  new Blob([typeof bytes === "string" ? bytes : new Uint8Array(bytes)], { type: "image/png" });

describe("imageTypeOf", () => {
  it("reads the format from the content, whatever the file claims", async () => {
    expect(await imageTypeOf(file([0xff, 0xd8, 0xff, 0xe0]))).toBe("image/jpeg");
    expect(await imageTypeOf(file([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe("image/png");
    expect(await imageTypeOf(file("RIFF\u0000\u0000\u0000\u0000WEBPVP8 "))).toBe("image/webp");
  });

  it("finds no image in a text file named .png, nor in a cut-off signature", async () => {
    expect(await imageTypeOf(file("hello, this is not a picture"))).toBeNull();
    expect(await imageTypeOf(file([0x89, 0x50, 0x4e, 0x47]))).toBeNull();
    expect(await imageTypeOf(file([]))).toBeNull();
  });
});
