import type { TStockWait } from "@wholesale/contract";
import { useEffect, useState } from "react";
import { api, Refused } from "./api.ts";
import { haptic } from "./bridge.ts";
import { formatDayMonth } from "./format.ts";
import type { OnError } from "./list/callbacks.ts";
import type { OnWaiting } from "./waits/WaitOffer.tsx";

type Props = { onWaiting: OnWaiting; onError: OnError };

/**
 * «Мои ожидания»: what the client asked to hear about («Сообщить о поступлении»), newest first, each until the
 * day its wait ends, with «Отменить». Loaded when first opened: the catalogue's first load does not carry it.
 */
export function WaitsSection({ onWaiting, onError }: Props) {
  const [waits, setWaits] = useState<TStockWait[] | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const [said, setSaid] = useState<{ text: string; problem: boolean } | null>(null);

  useEffect(() => {
    const load = () =>
      api.waits().then(
        (w) => setWaits(w.results),
        (error) => onError(error, load),
      );
    load();
  }, [onError]);

  async function cancel(wait: TStockWait) {
    setBusy(wait.id);
    setSaid(null);
    try {
      await api.cancelWait(wait.id);
      haptic.success();
      setSaid({ text: `Ожидание отменено: ${wait.name}.`, problem: false });
      setWaits((now) => now?.filter((w) => w.id !== wait.id) ?? null);
      onWaiting(wait.modification, false);
    } catch (error) {
      haptic.error();
      if (error instanceof Refused) setSaid({ text: error.message, problem: true });
      else onError(error, () => void cancel(wait));
    } finally {
      setBusy(null);
    }
  }

  return (
    <section aria-label="Мои ожидания">
      <h2 className="section-title">Мои ожидания</h2>
      {said && (
        <div
          className={said.problem ? "notice error padded-notice" : "notice padded-notice"}
          role={said.problem ? "alert" : "status"}
        >
          {said.text}
        </div>
      )}
      {waits === null && <div className="empty">Загрузка…</div>}
      {waits?.length === 0 && (
        <div className="empty">
          Вы ничего не ждёте. На товаре, которого нет в наличии, нажмите «Сообщить о поступлении».
        </div>
      )}
      {waits?.map((w) => (
        <div key={w.id} className="order-line wait-line" data-testid="wait-line">
          <div className="main">
            <div className="name wraps">{w.name}</div>
            <div className="sub">ждём до {formatDayMonth(w.expires_at)}</div>
          </div>
          <button type="button" className="plain" disabled={busy !== null} onClick={() => void cancel(w)}>
            Отменить
          </button>
        </div>
      ))}
      <div className="bottom-space" />
    </section>
  );
}
