import { useQuery } from "@tanstack/react-query";
import { ZMarketOpeningSchema } from "@wholesale/contract";
import { api } from "../../api/client.ts";
import { useLiveRefresh, usePollingFallback, useRefreshAt } from "../../lib/live-refresh.ts";
import { queryKeysFactory } from "../../lib/query-keys.ts";
import { useNextMarketTurn } from "../market/index.ts";

const openingKeys = queryKeysFactory("market-opening");

/**
 * How often «Открытие маркета» is read while the live stream is away: the opening's minute is the one people
 * watch second by second, so more often than any other screen.
 */
export const OPENING_POLL_MS = 5_000;

/**
 * The last opening, second by second. Read again as orders, stock or the market change (at most about once a
 * second in a rush), and when the market turns by its schedules (a new opening no change announces); polled
 * only while the stream is away. Between changes nothing is read: the timeline ends at the last read.
 */
export function useMarketOpening() {
  const queryKey = openingKeys.details();
  useLiveRefresh(["orders", "stock", "market"], queryKey);
  const refetchInterval = usePollingFallback(OPENING_POLL_MS);
  const opening = useQuery({
    queryKey,
    queryFn: ({ signal }) => api("/statistics/opening/", { schema: ZMarketOpeningSchema, signal }),
    refetchInterval,
    meta: { errorMessage: "Не удалось загрузить открытие маркета" },
  });
  const turn = useNextMarketTurn(true);
  useRefreshAt(turn, queryKey, opening.dataUpdatedAt);
  return opening;
}
