import type { TMiniAppQuote } from "@wholesale/contract";
import { useEffect, useState } from "react";
import { api, messageOf, Refused } from "../api.ts";
import { haptic } from "../bridge.ts";
import { formatPrice } from "../format.ts";
import type { OnError, OnList } from "./callbacks.ts";

/**
 * «Добавить 3 шт.»: the service's suggestion, added by the normal add at a quoted price (shown on the button,
 * so the price the client confirms is the one on screen); `available`: «Взять сколько есть», what the stock holds
 * of the quantity, at the price quoted for it. Done, the list's line goes: it has been ordered.
 */
export function ResultOffer({
  modification,
  line,
  quantity,
  known,
  available,
  onList,
  onOrderChanged,
  onError,
}: {
  modification: number;
  line: number;
  quantity: number;
  known: TMiniAppQuote | null;
  available: boolean;
  onList: OnList;
  onOrderChanged: () => void;
  onError: OnError;
}) {
  const [quote, setQuote] = useState<TMiniAppQuote | null>(known);
  /** Done: the units the position holds now. */
  const [state, setState] = useState<{ busy: boolean; done: number | null; problem: string | null }>({
    busy: false,
    done: null,
    problem: null,
  });

  useEffect(() => {
    if (known) return;
    api
      .quoteAdd(modification, quantity)
      .then(setQuote, (error) => setState((s) => ({ ...s, problem: messageOf(error) })));
  }, [known, modification, quantity]);

  async function add(priced: TMiniAppQuote) {
    setState({ busy: true, done: null, problem: null });
    try {
      const body = { modification, quantity, price_kopecks: priced.price_kopecks };
      const done = await (available ? api.addAvailable(body) : api.add(body));
      haptic.success();
      setState({ busy: false, done: done.position.quantity, problem: null });
      onOrderChanged();
      api.removeLine(line).then(onList, () => undefined);
    } catch (error) {
      haptic.error();
      if (error instanceof Refused && error.refusal?.code === "price_changed" && error.refusal.quote) {
        setQuote(error.refusal.quote);
        setState({ busy: false, done: null, problem: error.message });
      } else if (error instanceof Refused) setState({ busy: false, done: null, problem: error.message });
      else {
        setState({ busy: false, done: null, problem: null });
        onError(error, () => void add(priced));
      }
    }
  }

  if (state.done !== null)
    return (
      <div className="sub">
        {available ? `Добавлено сколько есть: в заказе ${state.done} шт.` : `Добавлено: ${quantity} шт.`}
      </div>
    );
  const price =
    quote?.price !== null && quote?.price !== undefined
      ? ` по ${formatPrice(quote.price, quote.currency_sign)}`
      : "";
  return (
    <>
      {state.problem && <div className="stock-none">{state.problem}</div>}
      <div className="actions">
        <button type="button" disabled={!quote || state.busy} onClick={() => quote && void add(quote)}>
          {available ? "Взять сколько есть" : `Добавить ${quantity} шт.${price}`}
        </button>
      </div>
    </>
  );
}
