import type {
  TMiniAppItem,
  TMiniAppMarket,
  TMiniAppOrder,
  TMiniAppSession,
  TPreparedList,
  TPreparedListSent,
} from "@wholesale/contract";
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { AddSheet } from "./AddSheet.tsx";
import { api, closedList, messageOf, Offline, openSession, Refused, setPreviewToken } from "./api.ts";
import { underKey } from "./attempt.ts";
import { haptic, onEvent, postEvent, setBackButton, setMainButton } from "./bridge.ts";
import { Catalogue } from "./Catalogue.tsx";
import { formatTotals, moscowTime } from "./format.ts";
import { type InfoKind, InfoView } from "./InfoView.tsx";
import type { ListTab, SendOutcome } from "./ListSection.tsx";
import type { LaunchParams } from "./launch.ts";
import { OrderView } from "./OrderView.tsx";

// «Список к открытию» comes with its first opening: the catalogue's first load does not carry it.
const ListSection = lazy(() => import("./ListSection.tsx").then((m) => ({ default: m.ListSection })));

/** The market is asked again this often, so a closing shows within 15 s (the server refuses adds anyway). */
const MARKET_POLL_MS = 10_000;
/** How long «Добавлено: …» stays: long enough to read, gone before the next add is chosen. */
const NOTICE_MS = 4_000;

type View =
  | { kind: "catalogue" }
  | { kind: "order" }
  | { kind: "list"; tab: ListTab }
  | { kind: "info"; info: InfoKind };
type Problem = { message: string; retry: (() => void) | null };

export function App({ launch }: { launch: LaunchParams | null }) {
  const [session, setSession] = useState<TMiniAppSession | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [market, setMarket] = useState<TMiniAppMarket | null>(null);
  const [order, setOrder] = useState<TMiniAppOrder | null>(null);
  const [view, setView] = useState<View>({ kind: "catalogue" });
  const [adding, setAdding] = useState<TMiniAppItem | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [list, setList] = useState<TPreparedList | null>(null);
  const [outcome, setOutcome] = useState<SendOutcome | null>(null);
  const [sending, setSending] = useState(false);

  const fail = useCallback((error: unknown, retry: (() => void) | null) => {
    setProblem({ message: messageOf(error), retry: error instanceof Offline ? retry : null });
  }, []);

  const [dryRun, setDryRun] = useState(false);

  const start = useCallback(() => {
    if (!launch) return;
    setProblem(null);
    if (launch.previewToken) {
      setPreviewToken(launch.previewToken);
      api.me().then(
        (me) => {
          setDryRun(me.dry_run);
          setMarket(me.market);
          setSession({
            status: "client",
            token: launch.previewToken ?? "",
            expires_in: 0,
            client: me.client,
            market: me.market,
          });
        },
        (error) => fail(error, start),
      );
      return;
    }
    openSession(launch.initData).then(
      (s) => {
        setSession(s);
        if (s.status === "client") setMarket(s.market);
      },
      (error) => fail(error, start),
    );
  }, [launch, fail]);

  useEffect(() => {
    postEvent("web_app_ready");
    postEvent("web_app_expand");
    start();
  }, [start]);

  const client = session?.status === "client" ? session.client : null;
  const refreshOrder = useCallback(() => {
    api.order().then(setOrder, (error) => fail(error, null));
  }, [fail]);

  const refreshList = useCallback(() => {
    api.list().then(setList, (error) => fail(error, null));
  }, [fail]);

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
    setView({ kind: "list", tab: "lines" });
    try {
      const sent = await underKey("list", (key) => api.sendList({ idempotency_key: key }));
      haptic.success();
      showSent(sent);
    } catch (error) {
      haptic.error();
      const closed = closedList(error);
      if (closed) setMarket(closed.market);
      if (error instanceof Refused) setOutcome({ kind: "refused", detail: error.message });
      else fail(error, () => void sendList());
    } finally {
      setSending(false);
    }
  }, [fail, showSent]);

  useEffect(() => {
    if (!client) return;
    refreshOrder();
    refreshList();
    const timer = setInterval(() => {
      api.market().then(
        (m) => setMarket(m),
        () => undefined,
      );
    }, MARKET_POLL_MS);
    return () => clearInterval(timer);
  }, [client, refreshOrder, refreshList]);

  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(null), NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice]);

  // Telegram's MainButton shows the order's total and opens «Мой заказ», or sends a waiting list once the market
  // is open; BackButton returns to the catalogue.
  const total = formatTotals(order?.totals);
  const positions = order?.positions.length ?? 0;
  const listed = list?.lines.length ?? 0;
  const listReady = market?.open === true && listed > 0;
  const mainAction = useRef<() => void>(() => undefined);
  useEffect(() => {
    const showOrder = client && view.kind === "catalogue" && positions > 0;
    if (client && listReady && !sending) {
      setMainButton(`Отправить список (${listed} поз.)`);
      mainAction.current = () => void sendList();
    } else {
      setMainButton(showOrder ? `Мой заказ${total ? ` · ${total}` : ` · ${positions} поз.`}` : null);
      mainAction.current = () => setView({ kind: "order" });
    }
    setBackButton(view.kind !== "catalogue");
  }, [client, view, positions, total, listReady, listed, sending, sendList]);
  useEffect(() => {
    const offMain = onEvent("main_button_pressed", () => mainAction.current());
    const offBack = onEvent("back_button_pressed", () => setView({ kind: "catalogue" }));
    return () => {
      offMain();
      offBack();
    };
  }, []);

  if (!launch)
    return (
      <div className="screen">
        <h1>Откройте каталог в Telegram</h1>
        <p>Каталог открывается из чата с ботом: кнопка «Открыть каталог» или кнопка меню.</p>
      </div>
    );
  // Without a session the page has nothing else to say: a problem is said once, on the page, and the banner
  // (a toast over the page) only carries «Повторить» for one that a retry may fix.
  if (!session)
    return (
      <div className="screen">
        {!problem && "Загрузка…"}
        {problem?.retry && <ProblemBanner problem={problem} />}
        {problem && !problem.retry && <p role="alert">{problem.message}</p>}
      </div>
    );
  if (session.status === "not_client")
    return (
      <div className="screen">
        <h1>Каталог пока недоступен</h1>
        <p>{session.detail}</p>
      </div>
    );

  // Closed for the client: the catalogue adds to «Список к открытию» instead of the order.
  const closed = market !== null && !market.open;
  const section = (label: string, to: View, current: boolean) => (
    <button
      type="button"
      className="link"
      aria-current={current ? "page" : undefined}
      onClick={() => setView(to)}
    >
      {label}
    </button>
  );
  // Every section in sight on a phone: the bar wraps rather than hiding «Претензия» past the edge.
  const nav = (
    <nav className="bar" aria-label="Разделы">
      {section("Каталог", { kind: "catalogue" }, view.kind === "catalogue")}
      {section(
        `Мой заказ${positions > 0 ? ` (${positions})` : ""}`,
        { kind: "order" },
        view.kind === "order",
      )}
      {section(
        `Список${listed > 0 ? ` (${listed})` : ""}`,
        { kind: "list", tab: "lines" },
        view.kind === "list",
      )}
      {section(
        "Условия",
        { kind: "info", info: "conditions" },
        view.kind === "info" && view.info === "conditions",
      )}
      {section(
        "Гарантия",
        { kind: "info", info: "warranty" },
        view.kind === "info" && view.info === "warranty",
      )}
      {section("Претензия", { kind: "info", info: "claim" }, view.kind === "info" && view.info === "claim")}
    </nav>
  );

  return (
    <>
      {launch.previewToken && (
        <div className="notice" role="note">
          Просмотр как клиент «{session.client.nickname}»
          {dryRun ? ": пробный режим, ничего не сохраняется." : ": заказы сохраняются по-настоящему."}
        </div>
      )}
      {nav}
      <main>
        {view.kind === "catalogue" && (
          <>
            {closed && market && <MarketClosed market={market} />}
            {listReady && (
              <div className="list-ready" data-testid="list-ready">
                <span>Маркет открыт. В списке к открытию {listed} поз.</span>
                <button type="button" disabled={sending} onClick={() => void sendList()}>
                  Отправить список
                </button>
              </div>
            )}
            <Catalogue
              seesPrices={session.client.sees_prices}
              toList={closed}
              notice={problem ? null : notice}
              onAdd={(item) => {
                setNotice(null);
                setAdding(item);
              }}
              onError={fail}
            />
          </>
        )}
        {view.kind === "order" && (
          <OrderView order={order} marketOpen={market?.open !== false} onOrder={setOrder} onError={fail} />
        )}
        {view.kind === "list" && (
          <Suspense fallback={<div className="empty">Загрузка…</div>}>
            <ListSection
              list={list}
              market={market}
              tab={view.tab}
              onTab={(tab) => setView({ kind: "list", tab })}
              outcome={outcome}
              sending={sending}
              onSend={() => void sendList()}
              onList={setList}
              onSent={showSent}
              onOrderChanged={refreshOrder}
              onError={fail}
            />
          </Suspense>
        )}
        {view.kind === "info" && <InfoView kind={view.info} />}
      </main>
      {adding && (
        <AddSheet
          item={adding}
          toList={
            closed
              ? { inList: list?.lines.find((l) => l.modification === adding.id)?.quantity ?? null }
              : undefined
          }
          onClose={() => setAdding(null)}
          onAdded={(message, listed) => {
            setAdding(null);
            setNotice(message);
            if (listed) setList(listed);
            else refreshOrder();
          }}
          onError={fail}
        />
      )}
      {problem && <ProblemBanner problem={problem} onClose={() => setProblem(null)} />}
    </>
  );
}

function MarketClosed({ market }: { market: TMiniAppMarket }) {
  return (
    <div className="notice closed-note" data-testid="market-closed">
      <strong>Маркет закрыт</strong>
      <div>
        {market.next_open_at
          ? `Откроется ${moscowTime(market.next_open_at)}.`
          : "Время открытия пока не назначено. Мы сообщим в чате, когда маркет откроется."}{" "}
        Пока можно собрать список к открытию: он отправится одним касанием.
      </div>
    </div>
  );
}

function ProblemBanner({ problem, onClose }: { problem: Problem; onClose?: () => void }) {
  return (
    <div className="banner" role="alert">
      <span>{problem.message}</span>
      {problem.retry && (
        <button type="button" className="plain" onClick={() => problem.retry?.()}>
          Повторить
        </button>
      )}
      {onClose && (
        <button type="button" className="plain" onClick={onClose}>
          ✕
        </button>
      )}
    </div>
  );
}
