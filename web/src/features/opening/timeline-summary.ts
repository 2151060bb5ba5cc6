import type { TMarketOpening } from "@wholesale/contract";
import { formatClockTime } from "../../lib/dates.ts";

/** What one point of the timeline covers: «в секунду», or «за 5 с» once the opening is long past. */
export const bucketText = (seconds: number) => (seconds === 1 ? "в секунду" : `за ${seconds} с`);

/**
 * The chart told in words, for those who do not see it (its text alternative) and for a glance: the span, the
 * totals it draws and its peak.
 */
export function timelineSummary(opening: TMarketOpening): string {
  const { timeline, bucket_seconds: bucket } = opening;
  const first = timeline[0];
  if (!first) return "";
  const positions = timeline.reduce((sum, p) => sum + p.positions, 0);
  const orders = timeline.reduce((sum, p) => sum + p.orders, 0);
  const span = `С ${formatClockTime(first.at)} по ${formatClockTime(opening.now)}: позиций — ${positions}, новых заказов — ${orders}.`;
  const peak = timeline.reduce((best, p) => (p.positions > best.positions ? p : best), first);
  if (peak.positions === 0) return span;
  return `${span} Больше всего позиций — ${peak.positions} ${bucketText(bucket)}, в ${formatClockTime(peak.at)}.`;
}
