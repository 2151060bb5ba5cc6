import { useQueries, useQuery } from "@tanstack/react-query";
import {
  type TDateStatisticsQuery,
  ZBrandStatisticsSchema,
  ZClientDaysSchema,
  ZDashboardSchema,
  ZDateStatisticsSchema,
  ZLowModificationsSchema,
  ZPeriodStatisticsSchema,
} from "@wholesale/contract";
import { ApiError, api } from "../../api/client.ts";
import { useLiveRefresh, usePollingFallback, useRefreshAt } from "../../lib/live-refresh.ts";
import { queryKeysFactory } from "../../lib/query-keys.ts";
import { allBrandsQuery } from "../catalogue/index.ts";
import { allClientsQuery, groupsQuery } from "../clients/index.ts";
import { useNextMarketTurn } from "../market/index.ts";

/** The api client's text for an answer that is not what the contract says (spec: «Данные не получены»). */
export const BAD_ANSWER = "Сервер вернул пустой ответ или неверный формат данных";
export const isBadAnswer = (error: unknown) => error instanceof ApiError && error.detail === BAD_ANSWER;

export const statisticsKeys = queryKeysFactory("statistics");
const periodKeys = queryKeysFactory<{ from: string; to: string }>("period", statisticsKeys);
const clientDayKeys = queryKeysFactory<{ client: number; from: string; to: string }>(
  "client",
  statisticsKeys,
);
const brandKeys = queryKeysFactory<{ date: string }>("brand", statisticsKeys);
const dateKeys = queryKeysFactory<TDateStatisticsQuery>("date", statisticsKeys);
const lowKeys = queryKeysFactory<{ date: string }>("low", statisticsKeys);
const dashboardKeys = queryKeysFactory("dashboard", statisticsKeys);

const NONE: never[] = [];

/**
 * What the screen loads on opening, behind the full-screen spinner: clients, brands and client groups, each
 * under its own area's key, so an edit there reaches this screen too. A failure is the screen's to say, once
 * (the spec's «Ошибка загрузки данных»): these loads carry no notice of their own.
 */
export function useStatisticsBase() {
  return useQueries({
    queries: [allClientsQuery(), allBrandsQuery(), groupsQuery()],
    combine: ([clients, brands, groups]) => ({
      isPending: clients.isPending || brands.isPending || groups.isPending,
      isError: clients.isError || brands.isError || groups.isError,
      clients: clients.data ?? NONE,
      groups: groups.data ?? NONE,
    }),
  });
}

/** Asked only for a `valid` period (both days, in order): the tab says what is wrong with any other. */
export function usePeriodStatistics(from: string, to: string, valid: boolean) {
  return useQuery({
    queryKey: periodKeys.list({ from, to }),
    queryFn: ({ signal }) =>
      api("/statistics/period/", {
        query: { date_from: from, date_to: to },
        schema: ZPeriodStatisticsSchema,
        signal,
      }),
    enabled: valid,
    // A malformed answer will not mend itself: warn at once instead of asking twice more.
    retry: (failures, error) =>
      !isBadAnswer(error) && failures < 2 && error instanceof ApiError && error.status === 0,
  });
}

export function useClientDays(clientId: number | null, from: string, to: string) {
  return useQuery({
    queryKey: clientDayKeys.list({ client: clientId ?? 0, from, to }),
    queryFn: ({ signal }) =>
      api("/statistics/client-orders/", {
        query: { client_id: clientId ?? 0, date_from: from, date_to: to },
        schema: ZClientDaysSchema,
        signal,
      }),
    enabled: clientId !== null,
  });
}

export function useBrandStatistics(date: string) {
  return useQuery({
    queryKey: brandKeys.list({ date }),
    queryFn: ({ signal }) =>
      api("/statistics/date/brand/", { query: { date }, schema: ZBrandStatisticsSchema, signal }),
    enabled: Boolean(date),
    meta: { errorMessage: "Не удалось загрузить статистику по брэндам" },
  });
}

export function useDateStatistics(query: TDateStatisticsQuery, enabled = true) {
  return useQuery({
    queryKey: dateKeys.list(query),
    queryFn: ({ signal }) =>
      api("/statistics/date/", { query: { ...query }, schema: ZDateStatisticsSchema, signal }),
    enabled: enabled && Boolean(query.date),
  });
}

export function useLowStatistics(date: string) {
  return useQuery({
    queryKey: lowKeys.list({ date }),
    queryFn: ({ signal }) =>
      api("/statistics/low/", { query: { date }, schema: ZLowModificationsSchema, signal }),
    enabled: Boolean(date),
    meta: { errorMessage: "Не удалось загрузить проблемные позиции" },
  });
}

/** How often the home page's figures are read while the live stream is not open. */
const DASHBOARD_POLL_MS = 60_000;

/**
 * The home page's figures; the server leaves out what the role may not open. Read again as what they count
 * changes, and when the market they show turns by its schedules.
 */
export function useDashboard() {
  useLiveRefresh(["orders", "stock", "claims", "clients", "market"], dashboardKeys.details());
  const refetchInterval = usePollingFallback(DASHBOARD_POLL_MS);
  const dashboard = useQuery({
    queryKey: dashboardKeys.details(),
    queryFn: ({ signal }) => api("/dashboard/", { schema: ZDashboardSchema, signal }),
    refetchInterval,
    meta: { errorMessage: "Не удалось загрузить сводку" },
  });
  const turn = useNextMarketTurn(dashboard.data?.market !== undefined);
  useRefreshAt(turn, dashboardKeys.details(), dashboard.dataUpdatedAt);
  return dashboard;
}
