import { CircularProgress, Grid, Stack, Typography } from "@mui/material";
import type { TDashboard, TDaySales } from "@wholesale/contract";
import { lazy, Suspense } from "react";
import { dayAndMonth } from "../../lib/dates.ts";
import { moneyList } from "../../lib/money.ts";
import { useSession } from "../../session/session.ts";
import { FigureCard } from "../../ui/FigureCard.tsx";
import { useMarketStatus } from "../market/index.ts";
import { useDashboard } from "../statistics/index.ts";

const DashboardCharts = lazy(() => import("./DashboardCharts.tsx"));

const ROLE_NAMES = {
  superuser: "Суперюзер",
  office: "Офис",
  storehouse: "Склад",
  seller: "Продажник",
} as const;

/** The market now, as the settings page shows it; `to` when the role may open the settings. */
function MarketFigure({ market, to }: { market: NonNullable<TDashboard["market"]>; to?: string }) {
  return (
    <FigureCard
      title="Маркет"
      value={market.is_open ? "Открыт" : "Закрыт"}
      note={
        market.active_schedules.length > 0
          ? `${market.message}. Активные расписания: ${market.active_schedules.join(", ")}`
          : market.message
      }
      to={to}
      testId="figure-market"
    />
  );
}

/**
 * The seller takes orders while the market is open, but may not manage it, so the dashboard leaves the
 * market out: the seller reads it from the status every staff member may ask for.
 */
function SellerMarketFigure() {
  const status = useMarketStatus();
  return status.data ? <MarketFigure market={status.data} /> : null;
}

const weekAgoNote = (compareDay: string, value: string | number) =>
  `${dayAndMonth(compareDay)} (неделю назад): ${value}`;

function SalesFigures({
  sales,
  day,
  compareDay,
}: {
  sales: NonNullable<TDashboard["sales"]>;
  day: string;
  compareDay: string;
}) {
  const { today, week_ago: weekAgo } = sales;
  const figure = (title: string, testId: string, to: string, of: (d: TDaySales) => string | number) => (
    <FigureCard
      title={title}
      value={of(today)}
      note={weekAgoNote(compareDay, of(weekAgo))}
      to={to}
      testId={testId}
    />
  );
  // Today's figures open on today: the clients who ordered with their orders, and the day's sales.
  const todaysClients = `/statistics?from=${day}&to=${day}`;
  return (
    <>
      {figure("Заказов сегодня", "figure-orders", todaysClients, (d) => d.orders)}
      {figure("Сумма за сегодня", "figure-sum", "/statistics?tab=perDate", (d) => moneyList(d.totals))}
      {figure("Клиентов заказало", "figure-clients", todaysClients, (d) => d.clients)}
      <FigureCard
        title="Заканчивается товар"
        value={sales.low_stock}
        note="проблемные позиции"
        to="/statistics?tab=problems"
        testId="figure-low-stock"
      />
    </>
  );
}

/**
 * The main page: the figures the office opens every morning (today against the same weekday last week, work
 * waiting in the storehouse, requests, claims, running-out stock) and two charts. The server sends only what
 * the role may open, and each figure links to its screen.
 */
export default function HomePage() {
  const { myUser } = useSession();
  const dashboard = useDashboard();
  if (!myUser) return null;
  const data = dashboard.data;

  return (
    <Stack spacing={3}>
      <Typography color="text.secondary">
        Здравствуйте, {myUser.username}. Роль: {ROLE_NAMES[myUser.role]}
      </Typography>
      {!data ? (
        dashboard.isPending && <CircularProgress aria-label="Загрузка" />
      ) : (
        <>
          <Grid container spacing={2}>
            {data.market && <MarketFigure market={data.market} to="/settings" />}
            {!data.market && myUser.role === "seller" && <SellerMarketFigure />}
            {data.sales && <SalesFigures sales={data.sales} day={data.day} compareDay={data.compare_day} />}
            {data.positions && (
              <>
                <FigureCard
                  title="Ждут отправки на сборку"
                  value={data.positions.to_send}
                  note="позиций сегодня"
                  to="/orders"
                  testId="figure-to-send"
                />
                <FigureCard
                  title="Ждут сборки"
                  value={data.positions.to_collect}
                  note="позиций сегодня"
                  to="/orders"
                  testId="figure-to-collect"
                />
              </>
            )}
            {data.registration_requests !== undefined && (
              <FigureCard
                title="Заявки на регистрацию"
                value={data.registration_requests}
                to="/clients?tab=8"
                testId="figure-requests"
              />
            )}
            {data.open_claims !== undefined && (
              <FigureCard
                title="Заявки от пользователей"
                value={data.open_claims}
                note="не рассмотрены"
                to="/claims"
                testId="figure-claims"
              />
            )}
          </Grid>
          {data.sales && (
            <Suspense fallback={<CircularProgress aria-label="Загрузка графиков" />}>
              <DashboardCharts sales={data.sales} />
            </Suspense>
          )}
        </>
      )}
    </Stack>
  );
}
