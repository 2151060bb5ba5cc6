import { lazy, Suspense, useCallback, useState } from "react";
import { AddSheet } from "./AddSheet.tsx";
import type { SheetItem } from "./add-sheet/sheet-item.ts";
import { formatTotals, itemName } from "./format.ts";
import { InfoView } from "./InfoView.tsx";
import type { LaunchParams } from "./launch.ts";
import { OrderView } from "./OrderView.tsx";
import { CatalogueScreen } from "./shell/CatalogueScreen.tsx";
import { ProblemBanner } from "./shell/ProblemBanner.tsx";
import { SectionsBar, type View } from "./shell/SectionsBar.tsx";
import { NotClient, NotInTelegram, OpeningSession } from "./shell/SessionScreens.tsx";
import { useFadingNotice } from "./shell/use-fading-notice.ts";
import { useLaunchSession } from "./shell/use-launch-session.ts";
import { useOpenedModification } from "./shell/use-opened-modification.ts";
import { useOrderAndList } from "./shell/use-order-and-list.ts";
import { useTelegramButtons } from "./shell/use-telegram-buttons.ts";

// «Список к открытию» comes with its first opening: the catalogue's first load does not carry it.
const ListSection = lazy(() => import("./ListSection.tsx").then((m) => ({ default: m.ListSection })));
// «Мои ожидания» too.
const WaitsSection = lazy(() => import("./WaitsSection.tsx").then((m) => ({ default: m.WaitsSection })));

/**
 * The Mini App's page, top to bottom: the session it opens with (`shell/use-launch-session.ts`), the
 * sections' bar, the section on screen (the catalogue, «Мой заказ», «Список к открытию», «Мои ожидания», the
 * bot's texts), the add sheet over it and the page's one problem. Today's order and the list, with the list's send, are
 * `shell/use-order-and-list.ts`; Telegram's own buttons follow them (`shell/use-telegram-buttons.ts`).
 */
export function App({ launch }: { launch: LaunchParams | null }) {
  const { session, problem, setProblem, fail, market, setMarket, dryRun } = useLaunchSession(launch);
  const [view, setView] = useState<View>({ kind: "catalogue" });
  const [adding, setAdding] = useState<SheetItem | null>(null);
  // Opened at a modification (a «снова в наличии» message's button): its sheet, and its row found beneath.
  const [searchFor, setSearchFor] = useState<string | null>(null);
  const openAt = useCallback((item: SheetItem) => {
    setSearchFor(itemName(item));
    setAdding(item);
  }, []);
  const client = session?.status === "client" ? session.client : null;
  const showLines = useCallback(() => setView({ kind: "list", tab: "lines" }), []);
  const { order, setOrder, list, setList, refreshOrder, outcome, sending, sendList, showSent } =
    useOrderAndList({
      client,
      onMarket: setMarket,
      onSending: showLines,
      onError: fail,
    });
  const [notice, setNotice] = useFadingNotice();
  // Waits asked or cancelled on this page: the catalogue's rows read before show them so.
  const [waited, setWaited] = useState<ReadonlyMap<number, boolean>>(new Map());
  const markWaiting = useCallback(
    (modification: number, waiting: boolean) =>
      setWaited((before) => new Map(before).set(modification, waiting)),
    [],
  );

  useOpenedModification({ market: client ? market : null, onOpen: openAt, onError: fail });

  const positions = order?.positions.length ?? 0;
  const listed = list?.lines.length ?? 0;
  const listReady = market?.open === true && listed > 0;
  useTelegramButtons({
    signedIn: client !== null,
    view,
    onView: setView,
    total: formatTotals(order?.totals),
    positions,
    listed,
    listReady,
    sending,
    sendList,
  });

  if (!launch) return <NotInTelegram />;
  if (!session) return <OpeningSession problem={problem} />;
  if (session.status === "not_client") return <NotClient detail={session.detail} />;

  // Closed for the client: the catalogue adds to «Список к открытию» instead of the order.
  const closed = market !== null && !market.open;
  return (
    <>
      {launch.previewToken && (
        <div className="notice" role="note">
          Просмотр как клиент «{session.client.nickname}»
          {dryRun ? ": пробный режим, ничего не сохраняется." : ": заказы сохраняются по-настоящему."}
        </div>
      )}
      <SectionsBar view={view} onView={setView} positions={positions} listed={listed} />
      <main>
        {view.kind === "catalogue" && (
          <CatalogueScreen
            market={market}
            closed={closed}
            listed={listed}
            listReady={listReady}
            sending={sending}
            onSend={() => void sendList()}
            seesPrices={session.client.sees_prices}
            notice={problem ? null : notice}
            waited={waited}
            searchFor={searchFor}
            onAdd={(item) => {
              setNotice(null);
              setAdding(item);
            }}
            onError={fail}
          />
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
        {view.kind === "waits" && (
          <Suspense fallback={<div className="empty">Загрузка…</div>}>
            <WaitsSection onWaiting={markWaiting} onError={fail} />
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
          onWaiting={markWaiting}
          onError={fail}
        />
      )}
      {problem && <ProblemBanner problem={problem} onClose={() => setProblem(null)} />}
    </>
  );
}
