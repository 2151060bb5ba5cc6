import type { TMiniAppRefusal, TPreparedListClosed } from "@wholesale/contract";
import type { Clock } from "../../lib/clock.ts";
import { describeMarketState, type MarketState } from "../market/index.ts";
import { marketOf, type RefusalStatus, refusalOf, refusalStatus } from "../miniapp/index.ts";
import type { Refusal } from "../ordering/index.ts";

/** An answer, or a refusal with its HTTP status (the Mini App's, plus a list refused whole: the market closed). */
export type Answer<T> =
  | { ok: true; value: T }
  | { ok: false; status: RefusalStatus; refusal: TMiniAppRefusal | TPreparedListClosed };

export const refused = (
  r: Pick<Refusal, "code" | "message" | "canStill" | "takeAvailable" | "quote">,
): Answer<never> => ({
  ok: false,
  status: refusalStatus(r.code),
  refusal: refusalOf(r),
});

/** The whole list refused: the market is closed for the client, with when it opens (Moscow time). */
export function closedAnswer(market: MarketState, clock: Clock): Answer<never> {
  return {
    ok: false,
    status: 409,
    refusal: {
      detail: `${describeMarketState(market, clock.now())}. Список можно отправить, когда маркет откроется.`,
      code: "market_closed",
      can_still: null,
      take_available: false,
      quote: null,
      market: marketOf(market),
    },
  };
}
