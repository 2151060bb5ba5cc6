import type { TMiniAppMarket, TPreparedList, TPreparedListLine } from "@wholesale/contract";
import { fromKopecks } from "@wholesale/contract";
import { api } from "../api.ts";
import { ChangeOrDelete } from "../ChangeOrDelete.tsx";
import { DeleteConfirm } from "../DeleteConfirm.tsx";
import { figures, formatPrice, formatTotals, moscowTime, stockLabel } from "../format.ts";
import { useLineAction } from "../use-line-action.ts";
import type { OnError, OnList } from "./callbacks.ts";
import { LineEditor } from "./LineEditor.tsx";
import { type SendOutcome, SendResult } from "./SendResult.tsx";

type Props = {
  list: TPreparedList | null;
  market: TMiniAppMarket | null;
  outcome: SendOutcome | null;
  sending: boolean;
  onSend: () => void;
  onList: OnList;
  onOrderChanged: () => void;
  onError: OnError;
};

/**
 * The «Список» tab: the send button while the market is open (what it will say when it opens otherwise), the
 * last send's answer, the lines and their total at today's prices.
 */
export function ListLines({
  list,
  market,
  outcome,
  sending,
  onSend,
  onList,
  onOrderChanged,
  onError,
}: Props) {
  if (!list) return <div className="empty">Загрузка…</div>;
  const open = market?.open ?? list.market.open;
  const opensAt = market ? market.next_open_at : list.market.next_open_at;
  return (
    <>
      {open && list.lines.length > 0 && (
        <div className="send-box">
          <button type="button" className="wide" disabled={sending} onClick={onSend}>
            {sending ? "Отправляем…" : `Отправить список (${list.lines.length} поз.)`}
          </button>
        </div>
      )}
      {!open && (
        <div className="notice closed-note">
          Маркет закрыт{opensAt ? `, откроется ${moscowTime(opensAt)}` : ""}. Когда он откроется, список
          отправится в заказ одним касанием. Товары не резервируются.
        </div>
      )}
      {outcome && (
        <SendResult outcome={outcome} onList={onList} onOrderChanged={onOrderChanged} onError={onError} />
      )}
      {list.lines.length === 0 && (
        <div className="empty">
          Список пуст. Добавьте товары из каталога, вставьте список или повторите прошлый заказ.
        </div>
      )}
      {list.lines.map((line) => (
        <ListLine key={line.id} line={line} onList={onList} onError={onError} />
      ))}
      {list.totals && list.totals.length > 0 && (
        <div className="total">Итого по ценам сейчас: {formatTotals(list.totals)}</div>
      )}
    </>
  );
}

/** One line: its figures, a price that moved since it was confirmed, and its change and delete. */
function ListLine({ line, onList, onError }: { line: TPreparedListLine; onList: OnList; onError: OnError }) {
  const { mode, setMode, busy, problem, run, saved, dismiss } = useLineAction(onList, onError);
  const changedPrice =
    line.sold &&
    line.price_kopecks !== null &&
    line.confirmed_price_kopecks !== null &&
    line.price_kopecks !== line.confirmed_price_kopecks;

  return (
    <div className="order-line" data-testid="list-line">
      <div className="name wraps">{line.name}</div>
      <div className="sub">
        {figures(line.quantity, line.price, line.sum, line.currency_sign)}
        {line.sold && line.stock !== "in_stock" && (
          <span className={`stock-${line.stock}`}> · {stockLabel(line.stock)}</span>
        )}
      </div>
      {!line.sold && <div className="stock-none">Больше не продаётся: при отправке будет отказ.</div>}
      {changedPrice && line.confirmed_price_kopecks !== null && (
        <div className="notice">
          Цена изменилась: было {formatPrice(fromKopecks(line.confirmed_price_kopecks), line.currency_sign)},
          сейчас {formatPrice(fromKopecks(line.price_kopecks ?? 0), line.currency_sign)}.
          <div className="actions">
            <button
              type="button"
              disabled={busy}
              onClick={() =>
                void run(() =>
                  api.changeLine(line.id, { quantity: line.quantity, price_kopecks: line.price_kopecks }),
                )
              }
            >
              Подтвердить цену
            </button>
          </div>
        </div>
      )}
      {problem && mode === "view" && (
        <div className="notice error" role="alert">
          {problem}
        </div>
      )}
      {mode === "view" && <ChangeOrDelete changeable={line.sold} onMode={setMode} />}
      {mode === "deleting" && (
        <DeleteConfirm
          question={`Удалить «${line.name}» из списка?`}
          problem={problem}
          busy={busy}
          onCancel={dismiss}
          onDelete={() => void run(() => api.removeLine(line.id))}
        />
      )}
      {mode === "editing" && (
        <LineEditor line={line} onCancel={() => setMode("view")} onSaved={saved} onError={onError} />
      )}
    </div>
  );
}
