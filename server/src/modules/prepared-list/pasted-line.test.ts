import { describe, expect, it } from "vitest";
import { pastedLines, readPastedLine } from "./pasted-line.ts";

const taken = (name: string, quantity: number, written = String(quantity)) => ({
  readable: true,
  name,
  quantity,
  written,
  problem: null,
  note: null,
});
const refusedAs = (name: string, written: string, problem: string) => ({
  readable: true,
  name,
  quantity: null,
  written,
  problem,
  note: null,
});

describe("a pasted line's name and quantity", () => {
  it.each([
    ["Кабель Lightning 1м Apple — 10", taken("Кабель Lightning 1м Apple", 10)],
    ["Кабель Lightning: 3", taken("Кабель Lightning", 3)],
    ["Кабель Lightning - 3", taken("Кабель Lightning", 3)],
    ["Кабель Lightning -3", taken("Кабель Lightning", 3)],
    ["Кабель Lightning x 4", taken("Кабель Lightning", 4)],
    ["Кабель Lightning х4", taken("Кабель Lightning", 4)],
    ["Кабель Lightning, 6", taken("Кабель Lightning", 6)],
    ["Кабель Lightning\t7", taken("Кабель Lightning", 7)],
    ["iPhone 15\t2", taken("iPhone 15", 2)],
    ["Несуществующий товар 5 шт", taken("Несуществующий товар", 5)],
    ["Чехол белое 5шт.", taken("Чехол белое", 5)],
    ["Чехол — 5 штук", taken("Чехол", 5)],
    ["Чехол — 100000", taken("Чехол", 100_000)],
    ["Box — 5", taken("Box", 5)],
    ["Кабель\u00a0— 12", taken("Кабель", 12)],
  ])("%s", (text, read) => {
    expect(readPastedLine(text)).toEqual(read);
  });

  it.each([
    ["Чехол — 999999", "999999", "больше 100000."],
    ["Чехол — 1e9", "1e9", "больше 100000."],
    ["Чехол — 99999999999999999999999", "99999999999999999999999", "больше 100000."],
    ["Чехол — 0", "0", "меньше 1."],
    ["Чехол — -5", "-5", "отрицательное число."],
    ["Чехол: −5", "−5", "отрицательное число."],
    ["Чехол — 2,5", "2,5", "не целое число."],
    ["Чехол x 2.5 шт", "2.5", "не целое число."],
    ["Чехол — 1e2", "1e2", "не прочитано: укажите целое число цифрами."],
    ["Чехол — 10,0", "10,0", "не прочитано: укажите целое число цифрами."],
  ])("%s is read and not taken", (text, written, why) => {
    expect(readPastedLine(text)).toEqual(refusedAs("Чехол", written, `Количество «${written}» — ${why}`));
  });

  it("keeps a bare number after a space in the name, and says so", () => {
    expect(readPastedLine("Чехол iPhone 15 белое 5")).toEqual({
      readable: true,
      name: "Чехол iPhone 15 белое 5",
      quantity: null,
      written: null,
      problem: null,
      note: "Число «5» в конце прочитано как часть названия. Если это количество, укажите его.",
    });
    expect(readPastedLine("Кабель 2,5")).toMatchObject({ name: "Кабель 2,5", quantity: null });
    expect(readPastedLine("Лампа 3x5")).toMatchObject({ name: "Лампа 3x5", quantity: null });
    expect(readPastedLine("Кабель USB-C")).toMatchObject({
      name: "Кабель USB-C",
      quantity: null,
      note: null,
    });
  });

  it("does not read a line with control characters", () => {
    for (const text of ["Кабель\u0000 — 3", "Кабель \u0007", "Кабель\u0085"])
      expect(readPastedLine(text)).toEqual({
        readable: false,
        problem: "В строке есть непечатаемые символы: она не прочитана. Перепечатайте её.",
      });
  });
});

describe("a pasted text's lines", () => {
  it("numbers the lines as the text does and counts those past the list's 100", () => {
    const text = ["", "Первый — 1", "  ", ...Array.from({ length: 149 }, (_, i) => `Товар ${i} — 2`)].join(
      "\r\n",
    );
    const { lines, notRead } = pastedLines(text);
    expect(lines).toHaveLength(100);
    expect(lines[0]).toEqual({ number: 2, text: "Первый — 1" });
    expect(lines[1]).toEqual({ number: 4, text: "Товар 0 — 2" });
    expect(lines[99]?.number).toBe(102);
    expect(notRead).toEqual({ count: 50, from: 103 });
    expect(pastedLines("Один\nДва").notRead).toBeNull();
  });
});
