import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  paged,
  type TBotTextPath,
  type TMarketScheduleCreate,
  type TMarketScheduleUpdate,
  type TOpenMarket,
  type TTimeIntervalCreate,
  type TTimeIntervalUpdate,
  ZBotTextSchema,
  ZMarketScheduleSchema,
  ZMarketStatusSchema,
  ZTimeIntervalSchema,
} from "@wholesale/contract";
import { api } from "../../api/client.ts";
import { queryKeysFactory } from "../../lib/query-keys.ts";

export const marketKeys = queryKeysFactory("market");
const scheduleKeys = queryKeysFactory("schedules", marketKeys);
/**
 * The market's status is `details()`, each client's `detail(clientId)` under it: whatever refreshes the
 * market's status refreshes each client's too.
 */
const statusKeys = queryKeysFactory("status", marketKeys);
const botTextKeys = queryKeysFactory<never, TBotTextPath>("bot-text", marketKeys);

/** Part 2, section 9: the market status is fetched again every 60 000 ms. */
export const MARKET_STATUS_REFRESH_MS = 60_000;
const ZSchedulePageSchema = paged(ZMarketScheduleSchema);

export function useMarketStatus() {
  return useQuery({
    queryKey: statusKeys.details(),
    queryFn: ({ signal }) => api("/storehouse/market-status/", { schema: ZMarketStatusSchema, signal }),
    refetchInterval: MARKET_STATUS_REFRESH_MS,
    meta: { errorMessage: "Не удалось загрузить статус маркета" },
  });
}

/** Load failures of the schedules show in the card («Ошибка загрузки: …»), not as a notice. */
export function useMarketSchedules() {
  return useQuery({
    queryKey: scheduleKeys.lists(),
    queryFn: ({ signal }) => api("/storehouse/market-schedules/", { schema: ZSchedulePageSchema, signal }),
    select: (data) => data.results,
    refetchInterval: MARKET_STATUS_REFRESH_MS,
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
  return useQuery({
    queryKey: statusKeys.detail(clientId),
    queryFn: ({ signal }) =>
      api("/storehouse/market-status/", { query: { client: clientId }, schema: ZMarketStatusSchema, signal }),
    refetchInterval: MARKET_STATUS_REFRESH_MS,
  });
}
