import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  type LOGGED_METHODS,
  paged,
  type TAccountCreate,
  type TAccountUpdate,
  ZAccountListSchema,
  ZAccountSchema,
  ZLogEntrySchema,
} from "@wholesale/contract";
import { api } from "../../api/client.ts";
import { queryKeysFactory } from "../../lib/query-keys.ts";

export const accountKeys = queryKeysFactory("accounts");
/** The activity log, pinned to the moment its screen opened: an account's change does not refresh it. */
const logKeys = queryKeysFactory<{ until: string } & LogFilters>("log", accountKeys);

export const LOG_PAGE_SIZE = 100;

/** The History screen's filters; empty ones are left out of the query. */
export type LogFilters = {
  user: number | null;
  method: (typeof LOGGED_METHODS)[number] | "";
  path: string;
};
const ZLogPageSchema = paged(ZLogEntrySchema);

export function useAccounts() {
  return useQuery({
    queryKey: accountKeys.lists(),
    queryFn: ({ signal }) => api("/users/", { schema: ZAccountListSchema, signal }),
    select: (data) => data.results,
    meta: { errorMessage: "Не удалось загрузить аккаунты" },
  });
}

export function useCreateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TAccountCreate) =>
      api("/users/register/", { method: "POST", body, schema: ZAccountSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.lists() }),
    meta: { errorMessage: "Не удалось создать аккаунт", successMessage: "Аккаунт создан" },
  });
}

export function useUpdateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: TAccountUpdate }) =>
      api(`/users/${id}/`, { method: "PUT", body, schema: ZAccountSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.lists() }),
    meta: { errorMessage: "Не удалось обновить аккаунт", successMessage: "Аккаунт обновлен" },
  });
}

export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api(`/users/${id}/`, { method: "DELETE" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.lists() }),
    meta: { errorMessage: "Не удалось удалить аккаунт", successMessage: "Аккаунт удален" },
  });
}

/**
 * The activity log, 100 entries a page, pinned to the moment the screen opened (`until`); changing a filter
 * starts the list again from its first page.
 */
export function useActivityLog(until: string, filters: LogFilters) {
  return useInfiniteQuery({
    queryKey: logKeys.list({ until, ...filters }),
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) =>
      api("/users/logs/", {
        query: {
          limit: LOG_PAGE_SIZE,
          offset: pageParam,
          timestamp__lte: until,
          user: filters.user,
          request_method: filters.method,
          path__icontains: filters.path.trim(),
        },
        schema: ZLogPageSchema,
        signal,
      }),
    getNextPageParam: (last, pages) => (last.next ? pages.length * LOG_PAGE_SIZE : undefined),
    meta: { errorMessage: "Не удалось загрузить историю" },
  });
}
