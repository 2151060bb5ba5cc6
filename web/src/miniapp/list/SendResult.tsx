import type { TPreparedListLineResult, TPreparedListSent } from "@wholesale/contract";
import { formatPrice } from "../format.ts";
import type { OnError, OnList } from "./callbacks.ts";
import { ResultOffer } from "./ResultOffer.tsx";

/** What the last send answered: line by line, or the whole list refused (the market closed) with its reason. */
export type SendOutcome = { kind: "sent"; sent: TPreparedListSent } | { kind: "refused"; detail: string };

type Handlers = { onList: OnList; onOrderChanged: () => void; onError: OnError };

/** The send's answer: each line added (quantity, price) or refused with the service's reason. */
export function SendResult({ outcome, ...handlers }: { outcome: SendOutcome } & Handlers) {
  if (outcome.kind === "refused")
    return (
      <div className="notice error" role="alert" data-testid="send-refused">
        {outcome.detail}
      </div>
    );
  const { results } = outcome.sent;
  const added = results.filter((r) => r.status === "added").length;
  return (
    <section className="result" data-testid="send-result" aria-label="Ответ на отправку">
      <div className="result-head">
        Добавлено в заказ: {added} из {results.length}
      </div>
      {results.map((r) => (
        // A list, and a repeated order, hold a modification once.
        <ResultLine key={r.modification} result={r} {...handlers} />
      ))}
    </section>
  );
}

function ResultLine({ result: r, ...handlers }: { result: TPreparedListLineResult } & Handlers) {
  if (r.status === "added")
    return (
      <div className="result-line added-line" data-testid="result-line">
        <div className="name wraps">✓ {r.name}</div>
        <div className="sub">
          Добавлено: {r.quantity} шт.{r.price !== null && ` × ${formatPrice(r.price, r.currency_sign)}`}
        </div>
      </div>
    );
  const { refusal } = r;
  // What the service itself offers instead: the units a limit still allows, the line at its new price, or what
  // the stock holds (its figure told only once added).
  const offer =
    refusal.can_still !== null && refusal.can_still > 0
      ? { quantity: refusal.can_still, quote: null, available: false }
      : refusal.code === "price_changed" && refusal.quote
        ? { quantity: r.quantity, quote: refusal.quote, available: false }
        : refusal.take_available && refusal.quote
          ? { quantity: r.quantity, quote: refusal.quote, available: true }
          : null;
  return (
    <div className="result-line refused-line" data-testid="result-line">
      <div className="name wraps">✕ {r.name}</div>
      <div className="sub wraps">
        {r.quantity} шт.: {refusal.detail}
      </div>
      {offer && (
        <ResultOffer
          modification={r.modification}
          line={r.line}
          quantity={offer.quantity}
          known={offer.quote}
          available={offer.available}
          {...handlers}
        />
      )}
    </div>
  );
}
