import { describe, expect, it } from "vitest";
import { flooredFigure, fromKopecks, lineSum, moneyFigure, roundMoney, toKopecks } from "./money.ts";

describe("money", () => {
  it("converts to and from kopecks exactly, however binary fractions fall", () => {
    expect(toKopecks(0.29)).toBe(29);
    expect(toKopecks(226.1)).toBe(22610);
    expect(fromKopecks(22610)).toBe(226.1);
    expect(roundMoney(0.1 + 0.2)).toBe(0.3);
    expect(lineSum(0.29, 3)).toBe(0.87);
  });

  it("shows two digits of kopecks where there are kopecks, none for a whole amount", () => {
    expect(moneyFigure(226.1)).toBe("226,10");
    expect(moneyFigure(226)).toBe("226");
    expect(moneyFigure(2.759)).toBe("2,76");
    expect(moneyFigure(1234567.5)).toBe("1\u00a0234\u00a0567,50");
    expect(moneyFigure(-0.001)).toBe("0");
  });

  it("floors to whole units after rounding to the kopeck", () => {
    expect(flooredFigure(0.29 * 100)).toBe("29");
    expect(flooredFigure(1024.99)).toBe("1\u00a0024");
  });
});
