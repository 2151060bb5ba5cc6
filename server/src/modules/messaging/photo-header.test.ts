import { describe, expect, it } from "vitest";
import { jpegDeclaring, pngDeclaring, webpDeclaring } from "../../test/images.ts";
import { TINY_PNG } from "../../test/multipart.ts";
import { photoProblem, readPhotoHeader } from "./photo-header.ts";

describe("readPhotoHeader", () => {
  it("reads the declared size of PNG, JPEG (any frame type, after other segments) and the three WebPs", () => {
    expect(readPhotoHeader(TINY_PNG)).toEqual({ format: "png", size: { width: 1, height: 1 } });
    expect(readPhotoHeader(pngDeclaring(640, 480))?.size).toEqual({ width: 640, height: 480 });
    expect(readPhotoHeader(jpegDeclaring(1280, 720))).toEqual({
      format: "jpeg",
      size: { width: 1280, height: 720 },
    });
    expect(readPhotoHeader(jpegDeclaring(800, 600, 0xc2))?.size).toEqual({ width: 800, height: 600 });
    for (const kind of ["VP8 ", "VP8L", "VP8X"] as const) {
      expect(readPhotoHeader(webpDeclaring(kind, 1000, 16383))).toEqual({
        format: "webp",
        size: { width: 1000, height: 16383 },
      });
    }
  });

  it("knows the format but no size when the header is cut short, and nothing of other files", () => {
    expect(readPhotoHeader(jpegDeclaring(10, 10).subarray(0, 24))).toEqual({ format: "jpeg" });
    expect(readPhotoHeader(TINY_PNG.subarray(0, 20))).toEqual({ format: "png" });
    expect(readPhotoHeader(Buffer.from("GIF89a....."))).toBeNull();
  });
});

describe("photoProblem", () => {
  it("passes what Telegram takes and names the limit of what it refuses", () => {
    expect(photoProblem(pngDeclaring(5000, 5000))).toBeNull();
    expect(photoProblem(pngDeclaring(12_000, 100))).toBe(
      "Фото 12000×100 px: Telegram принимает фото, у которых ширина и высота вместе не больше 10 000 px",
    );
    expect(photoProblem(jpegDeclaring(6000, 6000))).toMatch(/вместе не больше 10 000 px$/);
    expect(photoProblem(webpDeclaring("VP8X", 4200, 200))).toBe(
      "Фото 4200×200 px: Telegram принимает фото, у которых одна сторона длиннее другой не более чем в 20 раз",
    );
    expect(photoProblem(pngDeclaring(0, 10))).toBe("Не удалось прочитать размеры фото: файл повреждён");
    expect(photoProblem(Buffer.from("%PDF-1.4"))).toBe(
      "Можно прикрепить только изображение (JPEG, PNG или WebP)",
    );
  });
});
