import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import {
  type TOrderClient,
  type TOrderPositionUpdate,
  type TSendToCollect,
  ZBulkResultSchema,
  ZCollectionSchema,
  ZModificationOrdersSchema,
  ZOrderPageSchema,
  ZOrderPositionSchema,
  ZOrderSchema,
  ZSendToCollectPreviewSchema,
  ZUncollectedTransportationListSchema,
} from "@wholesale/contract";
import { api, downloadFile } from "../../api/client.ts";
import { useLiveEvent, useLiveRefresh, usePollingFallback } from "../../lib/live-refresh.ts";
import { queryKeysFactory } from "../../lib/query-keys.ts";
import { notify } from "../../notices/notify.tsx";

export const ONLINE_PAGE_SIZE = 20;
export const HISTORY_PAGE_SIZE = 1000;
/**
 * Orders arrive through the bot and the Mini App at any time: the screens are refreshed by the live stream's
 * `orders` events, and poll this often only while it is not live.
 */
export const ORDERS_POLL_MS = 15_000;
export const COLLECTION_POLL_MS = 10_000;

export type OrdersFilter = { client_type?: 2 | 3; search: string; opened_at?: string; limit: number };

export const orderKeys = queryKeysFactory<OrdersFilter>("sales");
const uncollectedKeys = queryKeysFactory("uncollected-transportations", orderKeys);
const collectionKeys = queryKeysFactory("collection", orderKeys);
const sendPreviewKeys = queryKeysFactory<TSendToCollect | null>("send-preview", orderKeys);
const dayClientKeys = queryKeysFactory<{ day: string }>("day-clients", orderKeys);
/** The orders holding a modification, by the modification's id. */
const modificationOrderKeys = queryKeysFactory("by-modification", orderKeys);

/**
 * Orders of a day page by page; a new filter starts a new list (its own query key). A `live` list (today's,
 * on «Онлайн-заказы») is read again as orders change.
 */
export function useOrders(filter: OrdersFilter, options: { live?: boolean; enabled?: boolean } = {}) {
  const live = options.live ?? false;
  useLiveRefresh(["orders"], orderKeys.list(filter), live);
  const refetchInterval = usePollingFallback(ORDERS_POLL_MS, live);
  return useInfiniteQuery({
    enabled: options.enabled ?? true,
    queryKey: orderKeys.list(filter),
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) =>
      api("/sales/orders/", {
        query: { ...filter, search: filter.search.trim() || undefined, offset: pageParam },
        schema: ZOrderPageSchema,
        signal,
      }),
    getNextPageParam: (last, pages) => (last.next ? pages.length * filter.limit : undefined),
    // While a new search or tab loads its first page, the old cards stay instead of a blank screen; the
    // new list then replaces them from its first page.
    placeholderData: keepPreviousData,
    refetchInterval,
    meta: { errorMessage: "Не удалось загрузить заказы" },
  });
}

/** The orders API's largest page: a day's orders are read in as few calls as it allows. */
const ORDERS_PAGE_MAX = 1000;

/**
 * The clients who ordered on `day`, by name: an invoice is made of a client's orders of a day, so «Сделать
 * накладную» offers no one else.
 */
export function useClientsWithOrders(day: string) {
  return useQuery({
    queryKey: dayClientKeys.list({ day }),
    queryFn: async ({ signal }) => {
      const clients = new Map<number, TOrderClient>();
      for (let offset = 0; ; offset += ORDERS_PAGE_MAX) {
        const page = await api("/sales/orders/", {
          query: { opened_at: day, limit: ORDERS_PAGE_MAX, offset },
          schema: ZOrderPageSchema,
          signal,
        });
        for (const order of page.results) clients.set(order.client.id, order.client);
        if (!page.next) break;
      }
      return [...clients.values()];
    },
    enabled: day !== "",
    meta: { errorMessage: "Не удалось загрузить клиентов с заказами" },
  });
}

/** The orders that hold a modification (its dialog's «История заказов»). */
export function useModificationOrders(id: number, enabled: boolean) {
  return useQuery({
    queryKey: modificationOrderKeys.detail(id),
    enabled,
    queryFn: ({ signal }) =>
      api(`/sales/order-positions/by-modification/${id}/`, { schema: ZModificationOrdersSchema, signal }),
    meta: { errorMessage: "Не удалось загрузить историю заказов" },
  });
}

/** «Отчет»: today's orders as a spreadsheet, saved under `name` unless the server names it. */
export const downloadOrdersReport = (name: string) => downloadFile("/sales/report/", name);

/** «Лист сборки» of one direction (`none`: the orders without one), saved under `name` unless the server names it. */
export const downloadPickingList = (transportation: number | "none", name: string) =>
  downloadFile("/sales/collection/picking-list/", name, { transportation });

/** How many orders and positions a send to collect would move now (asked before confirming it). */
export function useSendToCollectPreview(choice: TSendToCollect | null) {
  return useQuery({
    queryKey: sendPreviewKeys.list(choice),
    queryFn: ({ signal }) =>
      api("/sales/send-to-collect/preview/", {
        query: choice ?? undefined,
        schema: ZSendToCollectPreviewSchema,
        signal,
      }),
    enabled: choice !== null,
    staleTime: 0,
    meta: { errorMessage: "Не удалось загрузить заказы для сборки" },
  });
}

export function useUncollectedTransportations(enabled: boolean) {
  return useQuery({
    queryKey: uncollectedKeys.lists(),
    queryFn: ({ signal }) =>
      api("/sales/uncollected-transportations/", { schema: ZUncollectedTransportationListSchema, signal }),
    select: (data) => data.results,
    enabled,
    meta: { errorMessage: "Не удалось загрузить направления" },
  });
}

/**
 * The orders placed from now on, as the live stream names them (`new`), handed to `onPlaced`: «Онлайн-заказы»
 * keeps them out of the list until the person asks to see them.
 */
export function useOrdersPlaced(onPlaced: (orderIds: readonly number[]) => void) {
  useLiveEvent((event) => {
    if (event.kind === "orders" && event.new && event.new.length > 0) onPlaced(event.new);
  });
}

export function useCollection() {
  useLiveRefresh(["orders"], collectionKeys.lists());
  const refetchInterval = usePollingFallback(COLLECTION_POLL_MS);
  return useQuery({
    queryKey: collectionKeys.lists(),
    queryFn: ({ signal }) => api("/sales/collection/", { schema: ZCollectionSchema, signal }),
    select: (data) => data.results,
    refetchInterval,
    meta: { errorMessage: "Не удалось загрузить заказы на сборке" },
  });
}

/** Every order view shows positions' states: any change to them refreshes all of them. */
function useInvalidateOrders() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: orderKeys.all });
}

export function useSendToCollect() {
  const invalidate = useInvalidateOrders();
  return useMutation({
    mutationFn: (body: TSendToCollect) =>
      api("/sales/send-to-collect/", { method: "POST", body, schema: ZBulkResultSchema }),
    // The server says how many positions went, or that there was nothing left to send.
    onSuccess: (result) => {
      notify.success(result.detail);
      return invalidate();
    },
    meta: { errorMessage: "Не удалось отправить на сборку" },
  });
}

export function useUpdatePosition() {
  const invalidate = useInvalidateOrders();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: TOrderPositionUpdate }) =>
      api(`/sales/order-positions/${id}/`, { method: "PUT", body, schema: ZOrderSchema }),
    onSuccess: () => invalidate(),
    meta: { errorMessage: "Не удалось обновить позицию", successMessage: "Позиция обновлена" },
  });
}

export function useDeletePosition() {
  const invalidate = useInvalidateOrders();
  return useMutation({
    mutationFn: (id: number) => api(`/sales/order-positions/${id}/`, { method: "DELETE" }),
    onSuccess: () => invalidate(),
    meta: { errorMessage: "Не удалось удалить позицию", successMessage: "Позиция удалена" },
  });
}

/**
 * An order's card emptied: the positions the storehouse was sent of it are all ticked collected (`positionIds`
 * the ones just ticked). `whole` says whether that collected the order, or the office has yet to send some of
 * its positions. Either way the order leaves the storehouse's list, so the screen offers to take the step back.
 */
export type OrderCardDone = { orderId: number; positionIds: number[]; whole: boolean };
export type OnOrderCollected = (done: OrderCardDone) => void;

/**
 * Ticks a position collected or unticks it. `completes` names the order when this tick collects the last
 * position its card shows open.
 */
export function useMarkPosition(onOrderCollected: OnOrderCollected) {
  const invalidate = useInvalidateOrders();
  return useMutation({
    mutationFn: ({
      id,
      collected,
    }: {
      id: number;
      collected: boolean;
      completes?: Omit<OrderCardDone, "positionIds">;
    }) =>
      api(`/sales/order-positions/${id}/collect/`, {
        method: "POST",
        body: { collected },
        schema: ZOrderPositionSchema,
      }),
    onSuccess: (_position, { id, collected, completes }) => {
      if (collected && completes) onOrderCollected({ ...completes, positionIds: [id] });
      return invalidate();
    },
    meta: { errorMessage: "Не удалось обновить позицию" },
  });
}

/** «Собрано»: the order's positions still waiting (as the card shows them) are marked collected at once. */
export function useCollectOrder(onOrderCollected: OnOrderCollected) {
  const invalidate = useInvalidateOrders();
  return useMutation({
    mutationFn: ({ orderId }: OrderCardDone) =>
      api(`/sales/orders/${orderId}/collect/`, { method: "POST", schema: ZBulkResultSchema }),
    onSuccess: (result, done) => {
      if (result.updated > 0) onOrderCollected(done);
      else notify.success(result.detail);
      return invalidate();
    },
    meta: { errorMessage: "Не удалось отметить заказ собранным" },
  });
}

/** Unticks positions back to «sent to collect»: the undo of a collected order, which returns to the list. */
export function useUncollect() {
  const invalidate = useInvalidateOrders();
  return useMutation({
    mutationFn: ({ positionIds }: { orderId: number; positionIds: number[] }) =>
      Promise.all(
        positionIds.map((id) =>
          api(`/sales/order-positions/${id}/collect/`, {
            method: "POST",
            body: { collected: false },
            schema: ZOrderPositionSchema,
          }),
        ),
      ),
    onSuccess: (_positions, { orderId }) => {
      notify.success(`Заказ № ${orderId} снова на сборке`);
      return invalidate();
    },
    // Whatever was unticked before a refusal shows on the refreshed list.
    onError: () => invalidate(),
    meta: { errorMessage: "Не удалось отменить сборку" },
  });
}
