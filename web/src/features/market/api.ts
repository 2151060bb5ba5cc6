import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  paged,
  type TBotTextPath,
  type TMarketScheduleCreate,
  type TMarketScheduleUpdate,
  type TMarketStatus,
  type TOpenMarket,
  type TTimeIntervalCreate,
  type TTimeIntervalUpdate,
  ZBotTextSchema,
  ZMarketScheduleSchema,
  ZMarketStatusSchema,
  ZTimeIntervalSchema,
} from "@wholesale/contract";
import { api } from "../../api/client.ts";
import { useLiveRefresh, useLiveState, usePollingFallback, useRefreshAt } from "../../lib/live-refresh.ts";
import { queryKeysFactory } from "../../lib/query-keys.ts";

export const marketKeys = queryKeysFactory("market");
const scheduleKeys = queryKeysFactory("schedules", marketKeys);
/**
 * The market's status is `details()`, each client's `detail(clientId)` under it: whatever refreshes the
 * market's status refreshes each client's too.
 */
const statusKeys = queryKeysFactory("status", marketKeys);
const botTextKeys = queryKeysFactory<never, TBotTextPath>("bot-text", marketKeys);

/**
 * Part 2, section 9: the market status is fetched again every 60 000 ms while the live stream is not open;
 * while it is, its `market` events and the status's own next turn (a timer, not polling) refresh it.
 */
export const MARKET_STATUS_REFRESH_MS = 60_000;
const ZSchedulePageSchema = paged(ZMarketScheduleSchema);

/** When the market opens or closes next by its schedules, or null when it will not by itself. */
function nextTurn(status: TMarketStatus | undefined): string | null {
  const moments = [status?.open_until, status?.next_open_at].filter((m): m is string => !!m);
  return moments.sort((a, b) => Date.parse(a) - Date.parse(b))[0] ?? null;
}

/**
 * The market's status, every client's or `client`'s, kept current: read again on the stream's `market` events
 * and at its next turn, or polled while the stream is not live.
 */
function useStatus({
  client,
  enabled = true,
  errorMessage,
}: {
  client?: number;
  enabled?: boolean;
  errorMessage?: string;
}) {
  const queryKey = client === undefined ? statusKeys.details() : statusKeys.detail(client);
  useLiveRefresh(["market"], queryKey, enabled);
  const refetchInterval = usePollingFallback(MARKET_STATUS_REFRESH_MS, enabled);
  const status = useQuery({
    queryKey,
    queryFn: ({ signal }) =>
      api("/storehouse/market-status/", { query: { client }, schema: ZMarketStatusSchema, signal }),
    enabled,
    refetchInterval,
    meta: errorMessage ? { errorMessage } : undefined,
  });
  useRefreshAt(nextTurn(status.data), queryKey, status.dataUpdatedAt);
  return status;
}

export function useMarketStatus() {
  return useStatus({ errorMessage: "Не удалось загрузить статус маркета" });
}

/**
 * When the market turns next (opens or closes by its schedules), for another screen showing whether it is open
 * to read itself again then; asked only while the stream is live (polling covers it otherwise).
 */
export function useNextMarketTurn(enabled: boolean): string | null {
  const live = useLiveState() === "live";
  return nextTurn(useStatus({ enabled: enabled && live }).data);
}

/** Load failures of the schedules show in the card («Ошибка загрузки: …»), not as a notice. */
export function useMarketSchedules() {
  useLiveRefresh(["market"], scheduleKeys.lists());
  const refetchInterval = usePollingFallback(MARKET_STATUS_REFRESH_MS);
  return useQuery({
    queryKey: scheduleKeys.lists(),
    queryFn: ({ signal }) => api("/storehouse/market-schedules/", { schema: ZSchedulePageSchema, signal }),
    select: (data) => data.results,
    refetchInterval,
  });
}

/** Every change to schedules can change the status: both are fetched again. */
function useInvalidateMarket() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: scheduleKeys.all }),
      queryClient.invalidateQueries({ queryKey: statusKeys.all }),
    ]);
}

export function useScheduleMutations() {
  const onSuccess = useInvalidateMarket();
  const schedule = ZMarketScheduleSchema;
  return {
    create: useMutation({
      mutationFn: (body: TMarketScheduleCreate) =>
        api("/storehouse/market-schedules/", { method: "POST", body, schema: schedule }),
      onSuccess,
      meta: { errorMessage: "Не удалось создать расписание", successMessage: "Расписание создано" },
    }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: number; body: TMarketScheduleUpdate }) =>
        api(`/storehouse/market-schedules/${id}/`, { method: "PUT", body, schema: schedule }),
      onSuccess,
      meta: { errorMessage: "Не удалось обновить расписание", successMessage: "Расписание сохранено" },
    }),
    remove: useMutation({
      mutationFn: (id: number) => api(`/storehouse/market-schedules/${id}/`, { method: "DELETE" }),
      onSuccess,
      meta: { errorMessage: "Не удалось удалить расписание", successMessage: "Расписание удалено" },
    }),
    open: useMutation({
      mutationFn: ({ id, body }: { id: number; body: TOpenMarket }) =>
        api(`/storehouse/market-schedules/${id}/open_market/`, { method: "POST", body, schema: schedule }),
      onSuccess,
      meta: { errorMessage: "Не удалось открыть маркет", successMessage: "Маркет открыт" },
    }),
    close: useMutation({
      mutationFn: (id: number) =>
        api(`/storehouse/market-schedules/${id}/close_market/`, { method: "POST", schema: schedule }),
      onSuccess,
      meta: { errorMessage: "Не удалось закрыть маркет", successMessage: "Маркет закрыт" },
    }),
  };
}

export function useIntervalMutations() {
  const onSuccess = useInvalidateMarket();
  return {
    create: useMutation({
      mutationFn: (body: TTimeIntervalCreate) =>
        api("/storehouse/time-intervals/", { method: "POST", body, schema: ZTimeIntervalSchema }),
      onSuccess,
      meta: { errorMessage: "Не удалось создать интервал", successMessage: "Интервал добавлен" },
    }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: number; body: TTimeIntervalUpdate }) =>
        api(`/storehouse/time-intervals/${id}/`, { method: "PUT", body, schema: ZTimeIntervalSchema }),
      onSuccess,
      meta: { errorMessage: "Не удалось обновить интервал", successMessage: "Интервал сохранен" },
    }),
    remove: useMutation({
      mutationFn: (id: number) => api(`/storehouse/time-intervals/${id}/`, { method: "DELETE" }),
      onSuccess,
      meta: { errorMessage: "Не удалось удалить интервал", successMessage: "Интервал удален" },
    }),
  };
}

export function useBotText(path: TBotTextPath) {
  return useQuery({
    queryKey: botTextKeys.detail(path),
    queryFn: ({ signal }) => api(`/messaging/${path}/`, { schema: ZBotTextSchema, signal }),
    meta: { errorMessage: "Не удалось загрузить сообщение бота" },
  });
}

export function useSaveBotText(path: TBotTextPath) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) =>
      api(`/messaging/${path}/`, { method: "POST", body: { text }, schema: ZBotTextSchema }),
    onSuccess: (saved) => queryClient.setQueryData(botTextKeys.detail(path), saved),
    meta: { errorMessage: "Не удалось обновить сообщение бота", successMessage: "Сообщение бота сохранено" },
  });
}

/** The market as one client sees it, for the client dialog; a failure just leaves the line out. */
export function useClientMarketStatus(clientId: number) {
  return useStatus({ client: clientId });
}
