import type { TPreparedListLine } from "@wholesale/contract";
import { useCallback, useState } from "react";
import { api, Refused } from "../api.ts";
import { haptic } from "../bridge.ts";
import { figures } from "../format.ts";
import { Stepper } from "../Stepper.tsx";
import { useQuote } from "../use-quote.ts";
import type { OnError, OnList } from "./callbacks.ts";

/** The line's new quantity, priced by the list's quote as it changes, saved at the price on screen. */
export function LineEditor({
  line,
  onCancel,
  onSaved,
  onError,
}: {
  line: TPreparedListLine;
  onCancel: () => void;
  onSaved: OnList;
  onError: OnError;
}) {
  const [quantity, setQuantity] = useState(line.quantity);
  const [busy, setBusy] = useState(false);
  const ask = useCallback((q: number) => api.listQuote(line.modification, q), [line.modification]);
  const { quote, problem, setProblem } = useQuote(quantity, ask);

  async function save(asked: number, price: number | null) {
    setBusy(true);
    try {
      onSaved(await api.changeLine(line.id, { quantity: asked, price_kopecks: price }));
      haptic.success();
    } catch (error) {
      haptic.error();
      if (error instanceof Refused) setProblem(error.message);
      else onError(error, () => void save(asked, price));
    } finally {
      setBusy(false);
    }
  }

  const shown = quote?.asked === quantity ? quote : null;
  const ready = shown !== null && quantity !== line.quantity && problem === null && !busy;
  return (
    <>
      <Stepper value={quantity} least={1} most={100_000} onChange={setQuantity} />
      {shown && (
        <div className="quote" data-testid="line-quote">
          {figures(shown.quote.quantity, shown.quote.price, shown.quote.sum, shown.quote.currency_sign)}
        </div>
      )}
      {problem && (
        <div className="notice error" role="alert">
          {problem}
        </div>
      )}
      <div className="actions">
        <button type="button" className="plain" onClick={onCancel}>
          Отмена
        </button>
        <button
          type="button"
          disabled={!ready}
          onClick={() => shown && void save(shown.asked, shown.quote.price_kopecks)}
        >
          Сохранить
        </button>
      </div>
    </>
  );
}
