import { businessDay, businessTime } from "../../lib/business-time.ts";
import type { MarketState } from "./market-rule.ts";

const hhmm = (at: Date) => businessTime(at).slice(0, 5);
const ddmm = (at: Date) => {
  const [, month, day] = businessDay(at).split("-");
  return `${day}.${month}`;
};

/** The market state in one Russian sentence, in Moscow time; the day is named only when it is not today. */
export function describeMarketState(state: MarketState, now: Date): string {
  const sameDay = (at: Date) => businessDay(at) === businessDay(now);
  if (state.open) {
    if (state.openUntil === null) return "Маркет открыт";
    const until = state.openUntil;
    return `Маркет открыт до ${sameDay(until) ? hhmm(until) : `${ddmm(until)} ${hhmm(until)}`}`;
  }
  if (state.nextOpenAt === null) return "Маркет закрыт";
  const at = state.nextOpenAt;
  return `Маркет закрыт, откроется ${sameDay(at) ? "" : `${ddmm(at)} `}в ${hhmm(at)}`;
}
