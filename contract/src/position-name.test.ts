import { describe, expect, it } from "vitest";
import { positionName } from "./position-name.ts";

describe("positionName: one name for a position, wherever it is written", () => {
  it("reads brand, product and modification", () => {
    expect(positionName({ brand: "Defender", product: "Кабель Lightning", modification: "1 м" })).toBe(
      "Defender Кабель Lightning 1 м",
    );
  });

  it("does not repeat a brand the product is named with", () => {
    expect(positionName({ brand: "Apple", product: "Apple iPhone 15", modification: "128 ГБ" })).toBe(
      "Apple iPhone 15 128 ГБ",
    );
    expect(positionName({ brand: "Apple", product: "Apple", modification: "Pencil" })).toBe("Apple Pencil");
    // Only a whole word counts: «Applet» is another name.
    expect(positionName({ brand: "Apple", product: "Applet", modification: "X" })).toBe("Apple Applet X");
  });

  it("trims the parts and skips empty ones", () => {
    expect(positionName({ brand: " Hoco ", product: "Кабель ", modification: " " })).toBe("Hoco Кабель");
  });
});
