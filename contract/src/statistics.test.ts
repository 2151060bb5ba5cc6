import { describe, expect, it } from "vitest";
import { percentRemaining } from "./statistics.ts";

describe("percentRemaining", () => {
  it("is 0 without a start quantity, whatever is in stock now", () => {
    expect(percentRemaining(0, 0)).toBe(0);
    expect(percentRemaining(15, 0)).toBe(0);
    expect(percentRemaining(15, -5)).toBe(0);
  });

  it("is round(quantity * 100 / quantity_on_start)", () => {
    expect(percentRemaining(19, 100)).toBe(19);
    expect(percentRemaining(1, 3)).toBe(33);
    expect(percentRemaining(2, 3)).toBe(67);
    expect(percentRemaining(1, 200)).toBe(1);
    expect(percentRemaining(0, 40)).toBe(0);
  });
});
