import type {
  TMiniAppClient,
  TMiniAppMarket,
  TMiniAppOrder,
  TPreparedList,
  TPreparedListSent,
} from "@wholesale/contract";
import { useCallback, useEffect, useState } from "react";
import { api, closedList, Refused } from "../api.ts";
import { underKey } from "../attempt.ts";
import { haptic } from "../bridge.ts";
import type { SendOutcome } from "../ListSection.tsx";
import type { OnError } from "../list/callbacks.ts";

/** The market is asked again this often, so a closing shows within 15 s (the server refuses adds anyway). */
const MARKET_POLL_MS = 10_000;

type Options = {
  /** The client signed in: nothing is read before there is one. */
  client: TMiniAppClient | null;
  onMarket: (market: TMiniAppMarket) => void;
  /** A send starts: its answer shows on the list's own tab. */
  onSending: () => void;
  onError: OnError;
};

/**
 * Today's order and «Список к открытию», read once the client is known, with the market asked again
 * meanwhile; and the list's send, whose answer (what went into the order, or why not) the list shows.
 */
export function useOrderAndList({ client, onMarket, onSending, onError }: Options) {
  const [order, setOrder] = useState<TMiniAppOrder | null>(null);
  const [list, setList] = useState<TPreparedList | null>(null);
  const [outcome, setOutcome] = useState<SendOutcome | null>(null);
  const [sending, setSending] = useState(false);

  const refreshOrder = useCallback(() => {
    api.order().then(setOrder, (error) => onError(error, null));
  }, [onError]);

  const refreshList = useCallback(() => {
    api.list().then(setList, (error) => onError(error, null));
  }, [onError]);

  const showSent = useCallback(
    (sent: TPreparedListSent) => {
      setOutcome({ kind: "sent", sent });
      setOrder(sent.order);
      refreshList();
    },
    [refreshList],
  );

  /** «Отправить список»: one request under the attempt's key, answered line by line. */
  const sendList = useCallback(async () => {
    setSending(true);
    setOutcome(null);
    onSending();
    try {
      const sent = await underKey("list", (key) => api.sendList({ idempotency_key: key }));
      haptic.success();
      showSent(sent);
    } catch (error) {
      haptic.error();
      const closed = closedList(error);
      if (closed) onMarket(closed.market);
      if (error instanceof Refused) setOutcome({ kind: "refused", detail: error.message });
      else onError(error, () => void sendList());
    } finally {
      setSending(false);
    }
  }, [onError, onMarket, onSending, showSent]);

  useEffect(() => {
    if (!client) return;
    refreshOrder();
    refreshList();
    const timer = setInterval(() => {
      api.market().then(
        (m) => onMarket(m),
        () => undefined,
      );
    }, MARKET_POLL_MS);
    return () => clearInterval(timer);
  }, [client, refreshOrder, refreshList, onMarket]);

  return { order, setOrder, list, setList, refreshOrder, outcome, sending, sendList, showSent };
}
