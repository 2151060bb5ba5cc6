import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import {
  paged,
  type TClientReportCreate,
  ZClientReportSchema,
  ZDailyReportSchema,
  ZLeftoverReportSchema,
} from "@wholesale/contract";
import { api, downloadFile } from "../../api/client.ts";
import { queryKeysFactory } from "../../lib/query-keys.ts";

export const REPORT_PAGE_SIZE = 50;
export const LEFTOVER_PAGE_SIZE = 20;

export const reportKeys = queryKeysFactory("reports");
/** Invoices, by the wholesale type they are for. */
const invoiceKeys = queryKeysFactory<{ client_type: number }>("client", reportKeys);
const dailyReportKeys = queryKeysFactory("general", reportKeys);
const leftoverKeys = queryKeysFactory("leftover", reportKeys);

const ZInvoicePageSchema = paged(ZClientReportSchema);
const ZDailyPageSchema = paged(ZDailyReportSchema);
const ZLeftoverPageSchema = paged(ZLeftoverReportSchema);

/** A report's file (an invoice, a daily report, leftovers), saved under `name` unless the server names it. */
export const downloadReportFile = (file: string, name: string) => downloadFile(file, name);

/** Invoices of one wholesale type, newest first, a page at a time. */
export function useInvoices(clientType: number) {
  return useInfiniteQuery({
    queryKey: invoiceKeys.list({ client_type: clientType }),
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
    queryKey: dailyReportKeys.lists(),
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

/** Leftover reports, newest first, a page at a time. */
export function useLeftovers(enabled: boolean) {
  return useInfiniteQuery({
    queryKey: leftoverKeys.lists(),
    enabled,
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) =>
      api("/reports/leftover/", {
        query: { limit: LEFTOVER_PAGE_SIZE, offset: pageParam },
        schema: ZLeftoverPageSchema,
        signal,
      }),
    getNextPageParam: (last, pages) => (last.next ? pages.length * LEFTOVER_PAGE_SIZE : undefined),
    meta: { errorMessage: "Не удалось загрузить остатки" },
  });
}

export function useGenerateLeftover() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api("/reports/leftover/", { method: "POST", schema: ZLeftoverReportSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: leftoverKeys.all }),
    meta: { errorMessage: "Не удалось создать отчет", successMessage: "Отчет создан" },
  });
}

export function useDeleteLeftover() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api(`/reports/leftover/${id}/`, { method: "DELETE" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: leftoverKeys.all }),
    meta: { errorMessage: "Не удалось удалить отчет", successMessage: "Отчет удален" },
  });
}
