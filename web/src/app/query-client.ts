import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { ApiError } from "../api/client.ts";
import { failureReason } from "../lib/failure-reason.ts";
import { notify } from "../notices/notify.tsx";

declare module "@tanstack/react-query" {
  interface Register {
    queryMeta: { errorMessage?: string };
    mutationMeta: { errorMessage?: string; successMessage?: string };
  }
}

/** "Не удалось создать аккаунт" plus, when the server said why, its reason. */
function errorText(operation: string, error: unknown): string {
  const reason = failureReason(error);
  return reason && reason !== operation ? `${operation}. ${reason}` : operation;
}

const isSessionEnd = (error: unknown) => error instanceof ApiError && error.status === 401;

/**
 * Errors are shown once, here, from each query's and mutation's `meta`; a 401 shows nothing because the
 * user is already on the way to /login.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (query.meta?.errorMessage && !isSessionEnd(error))
          notify.error(errorText(query.meta.errorMessage, error));
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _v, _c, mutation) => {
        if (mutation.meta?.errorMessage && !isSessionEnd(error)) {
          notify.error(errorText(mutation.meta.errorMessage, error));
        }
      },
      onSuccess: (_d, _v, _c, mutation) => {
        if (mutation.meta?.successMessage) notify.success(mutation.meta.successMessage);
      },
    }),
    defaultOptions: {
      queries: {
        retry: (failures, error) =>
          failures < 2 && error instanceof ApiError && (error.status === 0 || error.status >= 500),
        refetchOnWindowFocus: false,
        staleTime: 15_000,
      },
    },
  });
}
