import type { TPastOrder, TPreparedList, TPreparedListSent } from "@wholesale/contract";
import { useEffect, useState } from "react";
import { api, Refused } from "../api.ts";
import { underKey } from "../attempt.ts";
import { haptic } from "../bridge.ts";
import { formatDay, formatTotals } from "../format.ts";
import type { OnError } from "./callbacks.ts";

type Props = {
  /** The repeat went into the list (the market closed), from the order of `day`. */
  onListed: (list: TPreparedList, day: string) => void;
  /** The repeat was sent at once (the market open). */
  onSent: (sent: TPreparedListSent) => void;
  onError: OnError;
};

/** The client's past orders, newest first: «Повторить заказ» fills the list (closed) or sends at once (open). */
export function PastOrders({ onListed, onSent, onError }: Props) {
  const [orders, setOrders] = useState<TPastOrder[] | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const [problem, setProblem] = useState<{ order: number; text: string } | null>(null);

  useEffect(() => {
    const load = () =>
      api.pastOrders().then(
        (o) => setOrders(o.results),
        (error) => onError(error, load),
      );
    load();
  }, [onError]);

  async function repeat(order: TPastOrder) {
    setBusy(order.id);
    setProblem(null);
    try {
      const done = await underKey(`order ${order.id}`, (key) =>
        api.repeat(order.id, { idempotency_key: key }),
      );
      haptic.success();
      if (done.status === "listed") onListed(done.list, order.day);
      else onSent(done.sent);
    } catch (error) {
      haptic.error();
      if (error instanceof Refused) setProblem({ order: order.id, text: error.message });
      else onError(error, () => void repeat(order));
    } finally {
      setBusy(null);
    }
  }

  if (!orders) return <div className="empty">Загрузка…</div>;
  if (orders.length === 0) return <div className="empty">Прошлых заказов пока нет.</div>;
  return (
    <>
      {orders.map((o) => (
        <div key={o.id} className="order-line" data-testid="past-order">
          <div className="name">{formatDay(o.day)}</div>
          <div className="sub">
            {o.positions.length} поз.{o.totals && o.totals.length > 0 && ` · ${formatTotals(o.totals)}`}
          </div>
          <ul className="past-positions">
            {o.positions.map((p) => (
              <li key={p.modification} className={p.sold ? undefined : "not-sold"}>
                {p.name} — {p.quantity} шт.{!p.sold && " · больше не продаётся"}
              </li>
            ))}
          </ul>
          {problem?.order === o.id && (
            <div className="notice error" role="alert">
              {problem.text}
            </div>
          )}
          <div className="actions">
            <button type="button" disabled={busy !== null} onClick={() => void repeat(o)}>
              {busy === o.id ? "Повторяем…" : "Повторить заказ"}
            </button>
          </div>
        </div>
      ))}
    </>
  );
}
