import type { TMiniAppOrder, TMiniAppPosition } from "@wholesale/contract";
import { useCallback, useState } from "react";
import { api, Refused } from "./api.ts";
import { haptic } from "./bridge.ts";
import { ChangeOrDelete } from "./ChangeOrDelete.tsx";
import { DeleteConfirm } from "./DeleteConfirm.tsx";
import { figures, formatSum } from "./format.ts";
import { Stepper } from "./Stepper.tsx";
import { useLineAction } from "./use-line-action.ts";
import { type Priced, useQuote } from "./use-quote.ts";

type Props = {
  order: TMiniAppOrder | null;
  /** Whether the market is open for this client: a closed one changes nothing, so nothing offers to. */
  marketOpen: boolean;
  onOrder: (order: TMiniAppOrder) => void;
  onError: (error: unknown, retry: () => void) => void;
};

/**
 * «Мой заказ»: today's order as the bot and the back-office show it; change and delete while «Добавлен» and
 * while the market is open for this client (the service refuses them otherwise).
 */
export function OrderView({ order, marketOpen, onOrder, onError }: Props) {
  if (!order) return <div className="empty">Загрузка…</div>;
  const changeable = order.positions.some((p) => p.changeable);
  return (
    <section aria-label="Мой заказ">
      <h2 style={{ padding: "0 12px" }}>Мой заказ</h2>
      {order.positions.length === 0 && <div className="empty">Сегодня вы ещё ничего не заказали</div>}
      {changeable && !marketOpen && (
        <div className="notice closed-note">Маркет закрыт: изменить заказ можно, когда он откроется.</div>
      )}
      {order.positions.map((p) => (
        <Line key={p.id} position={p} marketOpen={marketOpen} onOrder={onOrder} onError={onError} />
      ))}
      {order.totals?.map((t) => (
        <div key={t.currency_sign} className="total">
          Итого: {formatSum(t.amount, t.currency_sign)}
        </div>
      ))}
      <div className="bottom-space" />
    </section>
  );
}

/** The service's own bound on a quantity («от 1 до 100000»). */
const MOST = 100_000;

function Line({
  position: p,
  marketOpen,
  onOrder,
  onError,
}: { position: TMiniAppPosition } & Omit<Props, "order">) {
  const { mode, setMode, busy, problem, run, saved, dismiss } = useLineAction(onOrder, onError);
  const open = p.changeable && marketOpen;

  return (
    <div className="order-line" data-testid="order-line">
      <div className="name wraps">{p.name}</div>
      <div className="sub">
        {figures(p.quantity, p.price, p.sum, p.currency_sign)} · {p.status_label}
      </div>
      {open && mode === "view" && <ChangeOrDelete onMode={setMode} />}
      {open && mode === "deleting" && (
        <DeleteConfirm
          question={`Удалить «${p.name}» из заказа?`}
          problem={problem}
          busy={busy}
          onCancel={dismiss}
          onDelete={() => void run(() => api.remove(p.id))}
        />
      )}
      {open && mode === "editing" && (
        <Editor position={p} onCancel={() => setMode("view")} onSaved={saved} onError={onError} />
      )}
    </div>
  );
}

/** A quote with the quantity it was asked for (the position's new quantity in all). */
/**
 * A position's new quantity, priced as it changes by the service's quote for the change (a tier may give
 * another unit price), so «Сохранить» sends the price on screen. A price changed meanwhile is shown to confirm.
 */
function Editor({
  position: p,
  onCancel,
  onSaved,
  onError,
}: {
  position: TMiniAppPosition;
  onCancel: () => void;
  onSaved: (order: TMiniAppOrder) => void;
  onError: Props["onError"];
}) {
  const [quantity, setQuantity] = useState(p.quantity);
  // Too many changes in a row: said here, but the same «Сохранить» goes through a second later.
  const [tooFast, setTooFast] = useState<string | null>(null);
  const [priceChanged, setPriceChanged] = useState(false);
  const [busy, setBusy] = useState(false);
  const ask = useCallback((q: number) => api.quoteChange(p.id, q), [p.id]);
  const { quote, setQuote, problem, setProblem } = useQuote(quantity, ask);

  async function save(priced: Priced) {
    setBusy(true);
    setTooFast(null);
    try {
      const done = await api.change(p.id, {
        quantity: priced.asked,
        price_kopecks: priced.quote.price_kopecks,
      });
      haptic.success();
      onSaved(done.order);
    } catch (error) {
      haptic.error();
      // The price moved between the quote and «Сохранить»: the new one is shown, to be confirmed.
      if (error instanceof Refused && error.refusal?.code === "price_changed" && error.refusal.quote) {
        setQuote({ asked: priced.asked, quote: error.refusal.quote });
        setPriceChanged(true);
      } else if (error instanceof Refused && error.refusal?.code === "too_fast") setTooFast(error.message);
      else if (error instanceof Refused) setProblem(error.message);
      else onError(error, () => void save(priced));
    } finally {
      setBusy(false);
    }
  }

  const shown = quote?.asked === quantity ? quote : null;
  const ready = shown !== null && quantity !== p.quantity && problem === null && !busy;
  return (
    <>
      <Stepper
        value={quantity}
        least={1}
        most={MOST}
        onChange={(q) => {
          // A price changed at another quantity is not this one's: it is quoted afresh.
          setPriceChanged(false);
          setQuantity(q);
        }}
      />
      {shown && (
        <div className={priceChanged ? "notice" : "quote"} data-testid="change-quote">
          {priceChanged && "Цена изменилась: "}
          {figures(shown.quote.quantity, shown.quote.price, shown.quote.sum, shown.quote.currency_sign)}
        </div>
      )}
      {(problem ?? tooFast) && (
        <div className="notice error" role="alert">
          {problem ?? tooFast}
        </div>
      )}
      <div className="actions">
        <button type="button" className="plain" onClick={onCancel}>
          Отмена
        </button>
        <button type="button" disabled={!ready} onClick={() => shown && void save(shown)}>
          {priceChanged ? "Подтвердить" : "Сохранить"}
        </button>
      </div>
    </>
  );
}
