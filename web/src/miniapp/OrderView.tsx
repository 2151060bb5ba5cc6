import type { TMiniAppOrder, TMiniAppPosition, TMiniAppQuote } from "@wholesale/contract";
import { useState } from "react";
import { api, Refused } from "./api.ts";
import { haptic } from "./bridge.ts";
import { formatPrice, formatSum } from "./format.ts";

type Props = {
  order: TMiniAppOrder | null;
  onOrder: (order: TMiniAppOrder) => void;
  onError: (error: unknown, retry: () => void) => void;
};

/** «Мой заказ»: today's order as the bot and the back-office show it; change and delete while «Добавлен». */
export function OrderView({ order, onOrder, onError }: Props) {
  if (!order) return <div className="empty">Загрузка…</div>;
  return (
    <section aria-label="Мой заказ">
      <h2 style={{ padding: "0 12px" }}>Мой заказ</h2>
      {order.positions.length === 0 && <div className="empty">Сегодня вы ещё ничего не заказали</div>}
      {order.positions.map((p) => (
        <Line key={p.id} position={p} onOrder={onOrder} onError={onError} />
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

function Line({ position: p, onOrder, onError }: { position: TMiniAppPosition } & Omit<Props, "order">) {
  const [editing, setEditing] = useState(false);
  const [quantity, setQuantity] = useState(p.quantity);
  const [problem, setProblem] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<TMiniAppQuote | null>(null);
  const [busy, setBusy] = useState(false);

  async function run(work: () => Promise<TMiniAppOrder>) {
    setBusy(true);
    try {
      onOrder(await work());
      haptic.success();
      setEditing(false);
      setConfirm(null);
      setProblem(null);
    } catch (error) {
      haptic.error();
      if (error instanceof Refused) {
        setProblem(error.message);
        // A change is confirmed at the price the service quotes for the new quantity.
        setConfirm(error.refusal?.code === "price_changed" ? error.refusal.quote : null);
      } else onError(error, () => void run(work));
    } finally {
      setBusy(false);
    }
  }
  const save = (price: number | null) =>
    run(async () => (await api.change(p.id, { quantity, price_kopecks: price })).order);

  return (
    <div className="order-line" data-testid="order-line">
      <div className="name">{p.name}</div>
      <div className="sub">
        {p.quantity} шт.{p.price !== null && ` × ${formatPrice(p.price, p.currency_sign)}`}
        {p.sum !== null && ` = ${formatSum(p.sum, p.currency_sign)}`} · {p.status_label}
      </div>
      {p.changeable && !editing && (
        <div className="actions">
          <button type="button" className="link" onClick={() => setEditing(true)}>
            Изменить
          </button>
          <button
            type="button"
            className="danger"
            disabled={busy}
            onClick={() => void run(() => api.remove(p.id))}
          >
            Удалить
          </button>
        </div>
      )}
      {editing && (
        <>
          <div className="stepper">
            <button
              type="button"
              className="plain"
              aria-label="Меньше"
              onClick={() => setQuantity((q) => Math.max(1, q - 1))}
            >
              −
            </button>
            <input
              inputMode="numeric"
              aria-label="Количество"
              value={quantity}
              onChange={(e) => setQuantity(Number.parseInt(e.target.value.replace(/\D/g, ""), 10) || 1)}
            />
            <button
              type="button"
              className="plain"
              aria-label="Больше"
              onClick={() => setQuantity((q) => q + 1)}
            >
              +
            </button>
          </div>
          {problem && (
            <div className="notice error" role="alert">
              {problem}
            </div>
          )}
          {confirm?.price != null && (
            <div className="notice">
              {confirm.quantity} шт. × {formatPrice(confirm.price, confirm.currency_sign)} ={" "}
              {formatSum(confirm.sum ?? 0, confirm.currency_sign)}
            </div>
          )}
          <div className="actions">
            <button type="button" className="plain" onClick={() => setEditing(false)}>
              Отмена
            </button>
            <button
              type="button"
              disabled={busy}
              onClick={() =>
                void save(confirm && confirm.quantity === quantity ? confirm.price_kopecks : null)
              }
            >
              {confirm && confirm.quantity === quantity ? "Подтвердить" : "Сохранить"}
            </button>
          </div>
        </>
      )}
    </div>
  );
}
