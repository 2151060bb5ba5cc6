import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays } from "../../lib/business-time.ts";
import { periodPieces } from "./period-pieces.ts";

/** Every day a set of pieces counts, with how many times (a day taken away counts −1). */
function countedDays(from: string, to: string): Map<string, number> {
  const { months, days } = periodPieces(from, to);
  const counted = new Map<string, number>();
  const add = (day: string, n: number) => counted.set(day, (counted.get(day) ?? 0) + n);
  for (const m of months) for (let d = m.from; d < m.until; d = addDays(d, 1)) add(d, 1);
  for (const run of days) for (let d = run.from; d <= run.to; d = addDays(d, 1)) add(d, run.sign);
  for (const [day, n] of counted) if (n === 0) counted.delete(day);
  return counted;
}

describe("periodPieces", () => {
  it("reads a year up to a day late in the month as whole months minus the rest of that month", () => {
    expect(periodPieces("2025-11-25", "2026-11-24")).toEqual({
      months: [{ from: "2025-12-01", until: "2026-12-01" }],
      days: [
        { from: "2025-11-25", to: "2025-11-30", sign: 1 },
        { from: "2026-11-25", to: "2026-11-30", sign: -1 },
      ],
    });
  });

  it("reads a few days as those days, a whole month as the month, and nothing for a reversed range", () => {
    expect(periodPieces("2026-11-14", "2026-11-20")).toEqual({
      months: [],
      days: [{ from: "2026-11-14", to: "2026-11-20", sign: 1 }],
    });
    expect(periodPieces("2026-02-01", "2026-02-28")).toEqual({
      months: [{ from: "2026-02-01", until: "2026-03-01" }],
      days: [],
    });
    expect(periodPieces("2026-11-21", "2026-11-20")).toEqual({ months: [], days: [] });
  });

  it("counts every day of the period exactly once and no other day, for any period", () => {
    const day = fc.integer({ min: 0, max: 800 }).map((n) => addDays("2025-01-01", n));
    fc.assert(
      fc.property(day, fc.integer({ min: 0, max: 420 }), (from, length) => {
        const to = addDays(from, length);
        const counted = countedDays(from, to);
        expect(counted.size).toBe(length + 1);
        for (const [d, n] of counted) {
          expect(n).toBe(1);
          expect(d >= from && d <= to).toBe(true);
        }
      }),
    );
  });
});
