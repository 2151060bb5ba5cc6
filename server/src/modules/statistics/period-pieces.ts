import { addDays } from "../../lib/business-time.ts";

/**
 * How a period's sales are added up from the rollups: whole months from the monthly one, plus or minus runs
 * of days from the per-order one. A month the period covers in part is read whichever way touches fewer
 * days: its days in the period, or the whole month minus its days outside the period. A year up to today
 * thus reads today's month whole, minus the days still to come (which have no sales), instead of every
 * order of the month so far.
 */
export type PeriodPieces = {
  /** Whole months, by their first days: `from` ≤ month < `until`. */
  months: { from: string; until: string }[];
  /** Runs of days, both ends included, added (+1) or taken away (−1). */
  days: { from: string; to: string; sign: 1 | -1 }[];
};

const firstOfMonth = (day: string) => `${day.slice(0, 7)}-01`;
const firstOfNextMonth = (day: string) => {
  const d = new Date(`${firstOfMonth(day)}T12:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + 1);
  return d.toISOString().slice(0, 10);
};
const daysFrom = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

/** The pieces of from..to (both included); none when from is after to. */
export function periodPieces(from: string, to: string): PeriodPieces {
  const pieces: PeriodPieces = { months: [], days: [] };
  if (from > to) return pieces;
  for (let month = firstOfMonth(from); month <= to; month = firstOfNextMonth(month)) {
    const next = firstOfNextMonth(month);
    const last = addDays(next, -1);
    const start = from > month ? from : month;
    const end = to < last ? to : last;
    const inside = daysFrom(start, end);
    const outside = daysFrom(month, last) - inside;
    if (outside > 0 && inside <= outside) {
      pieces.days.push({ from: start, to: end, sign: 1 });
      continue;
    }
    const previous = pieces.months.at(-1);
    if (previous?.until === month) previous.until = next;
    else pieces.months.push({ from: month, until: next });
    if (start > month) pieces.days.push({ from: month, to: addDays(start, -1), sign: -1 });
    if (end < last) pieces.days.push({ from: addDays(end, 1), to: last, sign: -1 });
  }
  return pieces;
}
