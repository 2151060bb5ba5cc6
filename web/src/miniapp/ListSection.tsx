import type {
  TMiniAppMarket,
  TMiniAppQuote,
  TPastOrder,
  TPreparedList,
  TPreparedListLine,
  TPreparedListLineResult,
  TPreparedListSent,
} from "@wholesale/contract";
import { fromKopecks } from "@wholesale/contract";
import { useCallback, useEffect, useState } from "react";
import { api, messageOf, Refused } from "./api.ts";
import { underKey } from "./attempt.ts";
import { haptic } from "./bridge.ts";
import { ChangeOrDelete } from "./ChangeOrDelete.tsx";
import { DeleteConfirm } from "./DeleteConfirm.tsx";
import { figures, formatDay, formatPrice, formatSum, moscowTime, stockLabel } from "./format.ts";
import { PasteSection } from "./PasteSection.tsx";
import { Stepper } from "./Stepper.tsx";
import { useLineAction } from "./use-line-action.ts";
import { useQuote } from "./use-quote.ts";

export type ListTab = "lines" | "history" | "paste";
/** What the last send answered: line by line, or the whole list refused (the market closed) with its reason. */
export type SendOutcome = { kind: "sent"; sent: TPreparedListSent } | { kind: "refused"; detail: string };

type Props = {
  list: TPreparedList | null;
  market: TMiniAppMarket | null;
  tab: ListTab;
  onTab: (tab: ListTab) => void;
  outcome: SendOutcome | null;
  sending: boolean;
  onSend: () => void;
  onList: (list: TPreparedList) => void;
  /** A repeated order sent at once: shown as a send of the list is. */
  onSent: (sent: TPreparedListSent) => void;
  /** Today's order changed outside a send (a suggested add): read again. */
  onOrderChanged: () => void;
  onError: (error: unknown, retry: (() => void) | null) => void;
};

const totalsText = (totals: { currency_sign: string; amount: number }[] | null) =>
  totals?.map((t) => formatSum(t.amount, t.currency_sign)).join(" · ") ?? "";

/**
 * «Список к открытию» (issue 30): the list kept on the server with its send, the client's past orders to repeat,
 * and a pasted list matched to the catalogue. Loaded when first opened: the catalogue's first load stays small.
 */
export function ListSection(props: Props) {
  const { list, tab, onTab } = props;
  const [notice, setNotice] = useState<string | null>(null);
  const chip = (label: string, to: ListTab) => (
    <button
      type="button"
      className="chip"
      aria-pressed={tab === to}
      onClick={() => {
        setNotice(null);
        onTab(to);
      }}
    >
      {label}
    </button>
  );
  const count = list?.lines.length ?? 0;
  return (
    <section aria-label="Список к открытию">
      <h2 className="section-title">Список к открытию</h2>
      <div className="chips padded" role="toolbar" aria-label="Список">
        {chip(`Список${count > 0 ? ` (${count})` : ""}`, "lines")}
        {chip("Прошлые заказы", "history")}
        {chip("Вставить список", "paste")}
      </div>
      {notice && (
        <div className="added padded-notice" role="status">
          {notice}
        </div>
      )}
      {tab === "lines" && <Lines {...props} />}
      {tab === "history" && (
        <History
          {...props}
          onSent={(sent) => {
            props.onSent(sent);
            onTab("lines");
          }}
          onListed={(listed, day) => {
            props.onList(listed);
            setNotice(`Заказ от ${formatDay(day)} в списке к открытию.`);
            onTab("lines");
          }}
        />
      )}
      {tab === "paste" && (
        <PasteSection
          onList={props.onList}
          onError={props.onError}
          onDone={(listed, done) => {
            props.onList(listed);
            setNotice(done);
            onTab("lines");
          }}
        />
      )}
      <div className="bottom-space" />
    </section>
  );
}

function Lines({ list, market, outcome, sending, onSend, onList, onOrderChanged, onError }: Props) {
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
        <Outcome outcome={outcome} onList={onList} onOrderChanged={onOrderChanged} onError={onError} />
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
        <div className="total">Итого по ценам сейчас: {totalsText(list.totals)}</div>
      )}
    </>
  );
}

function ListLine({
  line,
  onList,
  onError,
}: {
  line: TPreparedListLine;
  onList: (list: TPreparedList) => void;
  onError: Props["onError"];
}) {
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

/** The line's new quantity, priced by the list's quote as it changes, saved at the price on screen. */
function LineEditor({
  line,
  onCancel,
  onSaved,
  onError,
}: {
  line: TPreparedListLine;
  onCancel: () => void;
  onSaved: (list: TPreparedList) => void;
  onError: Props["onError"];
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

/** The send's answer: each line added (quantity, price) or refused with the service's reason. */
function Outcome({
  outcome,
  onList,
  onOrderChanged,
  onError,
}: {
  outcome: SendOutcome;
  onList: (list: TPreparedList) => void;
  onOrderChanged: () => void;
  onError: Props["onError"];
}) {
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
        <ResultLine
          // A list, and a repeated order, hold a modification once.
          key={r.modification}
          result={r}
          onList={onList}
          onOrderChanged={onOrderChanged}
          onError={onError}
        />
      ))}
    </section>
  );
}

function ResultLine({
  result: r,
  onList,
  onOrderChanged,
  onError,
}: {
  result: TPreparedListLineResult;
  onList: (list: TPreparedList) => void;
  onOrderChanged: () => void;
  onError: Props["onError"];
}) {
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
        <Offer
          modification={r.modification}
          line={r.line}
          quantity={offer.quantity}
          known={offer.quote}
          available={offer.available}
          onList={onList}
          onOrderChanged={onOrderChanged}
          onError={onError}
        />
      )}
    </div>
  );
}

/**
 * «Добавить 3 шт.»: the service's suggestion, added by the normal add at a quoted price (shown on the button,
 * so the price the client confirms is the one on screen); `available`: «Взять сколько есть», what the stock holds
 * of the quantity, at the price quoted for it. Done, the list's line goes: it has been ordered.
 */
function Offer({
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
  onList: (list: TPreparedList) => void;
  onOrderChanged: () => void;
  onError: Props["onError"];
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

/** The client's past orders, newest first: «Повторить заказ» fills the list (closed) or sends at once (open). */
function History({
  onSent,
  onError,
  onListed,
}: Props & { onListed: (list: TPreparedList, day: string) => void }) {
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
            {o.positions.length} поз.{o.totals && o.totals.length > 0 && ` · ${totalsText(o.totals)}`}
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
