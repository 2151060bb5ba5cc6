import type { TMiniAppRefusal, TPreparedListClosed } from "@wholesale/contract";
import type { Clock } from "../../lib/clock.ts";
import { describeMarketState, type MarketState } from "../market/index.ts";
import { type Answer as ClientAnswer, marketOf } from "../miniapp/index.ts";

/** A list's answer: a refusal may also be the whole list refused, the market closed (closedAnswer). */
export type Answer<T> = ClientAnswer<T, TMiniAppRefusal | TPreparedListClosed>;

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
