import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  paged,
  type TClientReportCreate,
  type TOrderClient,
  ZClientReportSchema,
  ZDailyReportSchema,
  ZOrderPageSchema,
} from "@wholesale/contract";
import { api } from "../../api/client.ts";

export const REPORT_PAGE_SIZE = 50;

export const reportKeys = {
  all: ["reports"] as const,
  invoices: (clientType: number) => [...reportKeys.all, "client", clientType] as const,
  daily: () => [...reportKeys.all, "general"] as const,
  leftovers: () => [...reportKeys.all, "leftover"] as const,
  clientsWithOrders: (day: string) => [...reportKeys.all, "clients-with-orders", day] as const,
};

/** The orders API's largest page: a day's orders are read in as few calls as it allows. */
const ORDERS_PAGE_MAX = 1000;

/**
 * The clients who ordered on `day`, by name: an invoice is made of a client's orders of a day, so «Сделать
 * накладную» offers no one else.
 */
export function useClientsWithOrders(day: string) {
  return useQuery({
    queryKey: reportKeys.clientsWithOrders(day),
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

const ZInvoicePageSchema = paged(ZClientReportSchema);
const ZDailyPageSchema = paged(ZDailyReportSchema);

/** Invoices of one wholesale type, newest first, a page at a time. */
export function useInvoices(clientType: number) {
  return useInfiniteQuery({
    queryKey: reportKeys.invoices(clientType),
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) =>
      api("/reports/client/", {
        query: { client_type: clientType, limit: REPORT_PAGE_SIZE, offset: pageParam },
        schema: ZInvoicePageSchema,
        signal,
      }),
    getNextPageParam: (last, pages) => (last.next ? pages.length * REPORT_PAGE_SIZE : undefined),
    meta: { errorMessage: "Не удалось загрузить накладные" },
  });
}

export function useDailyReports() {
  return useInfiniteQuery({
    queryKey: reportKeys.daily(),
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) =>
      api("/reports/general/", {
        query: { limit: REPORT_PAGE_SIZE, offset: pageParam },
        schema: ZDailyPageSchema,
        signal,
      }),
    getNextPageParam: (last, pages) => (last.next ? pages.length * REPORT_PAGE_SIZE : undefined),
    meta: { errorMessage: "Не удалось загрузить отчеты" },
  });
}

export function useMakeInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TClientReportCreate) =>
      api("/reports/client/", { method: "POST", body, schema: ZClientReportSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reportKeys.all }),
    meta: { errorMessage: "Не удалось создать накладную", successMessage: "Накладная создана" },
  });
}

export function useMakeDailyReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (date: string) =>
      api("/reports/general/", { method: "POST", body: { date }, schema: ZDailyReportSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reportKeys.all }),
    meta: { errorMessage: "Не удалось создать отчет", successMessage: "Отчет создан" },
  });
}

export function useDeleteReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, id }: { kind: "client" | "general"; id: number }) =>
      api(`/reports/${kind}/${id}/`, { method: "DELETE" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reportKeys.all }),
    meta: { errorMessage: "Не удалось удалить отчет", successMessage: "Отчет удален" },
  });
}
