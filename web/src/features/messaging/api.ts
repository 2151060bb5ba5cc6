import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  paged,
  type TClaimStatus,
  type TClientMessage,
  type TClientMessageSchedule,
  type TRecipientCountQuery,
  ZClaimSchema,
  ZClientMessageSchema,
  ZRecipientCountSchema,
  z,
} from "@wholesale/contract";
import { api } from "../../api/client.ts";
import { useLiveRefresh, usePollingFallback } from "../../lib/live-refresh.ts";
import { queryKeysFactory } from "../../lib/query-keys.ts";

export const messagingKeys = queryKeysFactory("messaging");
const messageKeys = queryKeysFactory<{ sent: boolean }>("to-clients", messagingKeys);
const recipientKeys = queryKeysFactory<TRecipientCountQuery>("recipients", messageKeys);
/** The claims' pages, each keyed by the query it asks the server. */
const claimKeys = queryKeysFactory<ClaimsQuery>("claims", messagingKeys);
type ClaimsQuery = { status?: TClaimStatus; limit: number; offset?: number };

const ZMessagesSchema = z.array(ZClientMessageSchema);
const ZClaimPageSchema = paged(ZClaimSchema);

/** Recent messages shown with their delivery figures. */
export const RECENT_LIMIT = 10;

/**
 * How many clients a message sent now would reach, counted by the server by the rule it sends with; asked
 * only while the confirmation is open (`query` null otherwise), and never kept: the list changes.
 */
export function useRecipientCount(query: TRecipientCountQuery | null) {
  return useQuery({
    queryKey: recipientKeys.list(query ?? {}),
    queryFn: ({ signal }) =>
      api("/messaging/to-clients/recipients/", {
        query: {
          client_type: query?.client_type,
          group: query?.group,
          transportation: query?.transportation,
        },
        schema: ZRecipientCountSchema,
        signal,
      }),
    enabled: query !== null,
    gcTime: 0,
    staleTime: 0,
  });
}

/** How often the scheduled messages are read while the live stream is not open. */
const SCHEDULED_POLL_MS = 30_000;

export function useScheduledMessages() {
  const queryKey = messageKeys.list({ sent: false });
  // A scheduled message leaves the list when its time comes and it is sent: a change of the message.
  useLiveRefresh(["messages"], queryKey);
  const refetchInterval = usePollingFallback(SCHEDULED_POLL_MS);
  return useQuery({
    queryKey,
    queryFn: ({ signal }) =>
      api("/messaging/to-clients/", { query: { sent: "false" }, schema: ZMessagesSchema, signal }),
    refetchInterval,
    meta: { errorMessage: "Не удалось загрузить сообщения" },
  });
}

const FAST_REFRESH_MS = 2_000;
const SLOW_REFRESH_MS = 30_000;
const FAST_WINDOW_MS = 60_000;

/**
 * How often the recent messages are fetched again: while some are still being delivered their figures
 * move, closely (every 2 s) in the first minute after one went out, then every 30 s, because rows can wait
 * for hours (without a bot token nothing is delivered) and an open screen must not keep asking every 2 s.
 * The age is taken both ways (|now − send_time|), so a browser clock off the server's can shift the close
 * watch but never make it last more than two minutes.
 */
export function recentRefreshInterval(messages: TClientMessage[] | undefined, now: number): number | false {
  const delivering = (messages ?? []).filter((m) => m.pending > 0);
  if (delivering.length === 0) return false;
  const justSent = delivering.some(
    (m) => m.send_time !== null && Math.abs(now - Date.parse(m.send_time)) < FAST_WINDOW_MS,
  );
  return justSent ? FAST_REFRESH_MS : SLOW_REFRESH_MS;
}

/** Their delivery figures move with each message delivered: the stream says so, or they are polled. */
export function useRecentMessages() {
  const queryKey = messageKeys.list({ sent: true });
  useLiveRefresh(["messages"], queryKey);
  const refetchInterval = usePollingFallback((query: { state: { data?: TClientMessage[] } }) =>
    recentRefreshInterval(query.state.data, Date.now()),
  );
  return useQuery({
    queryKey,
    queryFn: ({ signal }) =>
      api("/messaging/to-clients/", {
        query: { sent: "true", limit: RECENT_LIMIT },
        schema: ZMessagesSchema,
        signal,
      }),
    refetchInterval,
    meta: { errorMessage: "Не удалось загрузить сообщения" },
  });
}

export type SendNow = {
  text: string;
  photo?: File | null;
  client_type?: number;
  group?: number;
  transportation?: number;
};

/** Sends now: multipart (text, optional photo, and client_type, group or transportation). */
export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SendNow) => {
      const form = new FormData();
      form.set("text", input.text);
      if (input.photo) form.set("photo", input.photo);
      if (input.client_type !== undefined) form.set("client_type", String(input.client_type));
      if (input.group !== undefined) form.set("group", String(input.group));
      if (input.transportation !== undefined) form.set("transportation", String(input.transportation));
      return api("/messaging/to-clients/", { method: "POST", body: form, schema: ZClientMessageSchema });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messageKeys.all }),
    meta: { errorMessage: "Не удалось создать сообщение", successMessage: "Сообщение отправлено" },
  });
}

/** Schedules: JSON (text, optional client_type, send_time). */
export function useScheduleMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TClientMessageSchedule) =>
      api("/messaging/to-clients/", { method: "POST", body, schema: ZClientMessageSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messageKeys.all }),
    meta: { errorMessage: "Не удалось создать сообщение", successMessage: "Сообщение запланировано" },
  });
}

export function useDeleteMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api(`/messaging/to-clients/${id}/`, { method: "DELETE" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messageKeys.all }),
    meta: { errorMessage: "Не удалось удалить сообщение", successMessage: "Сообщение удалено" },
  });
}

export const CLAIMS_PAGE_SIZE = 50;

/** One page (from 0) of a tab's claims: all, open (not reviewed) or closed (reviewed), newest first. */
export function useClaims(status: TClaimStatus | undefined, page: number) {
  const query: ClaimsQuery = { status, limit: CLAIMS_PAGE_SIZE, offset: page * CLAIMS_PAGE_SIZE };
  useLiveRefresh(["claims"], claimKeys.list(query));
  return useQuery({
    queryKey: claimKeys.list(query),
    queryFn: ({ signal }) =>
      api("/messaging/claims/", {
        query,
        schema: ZClaimPageSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
    meta: { errorMessage: "Не удалось загрузить заявки" },
  });
}

/** How often the menu's count of open claims is read while the live stream is not open. */
const OPEN_CLAIMS_POLL_MS = 60_000;

/** How many claims are open, for the menu. */
export function useOpenClaimsCount(enabled: boolean) {
  const query: ClaimsQuery = { status: "not_reviewed", limit: 1 };
  useLiveRefresh(["claims"], claimKeys.list(query), enabled);
  const refetchInterval = usePollingFallback(OPEN_CLAIMS_POLL_MS, enabled);
  return useQuery({
    queryKey: claimKeys.list(query),
    queryFn: ({ signal }) =>
      api("/messaging/claims/", {
        query,
        schema: ZClaimPageSchema,
        signal,
      }),
    select: (page) => page.count,
    enabled,
    refetchInterval,
  });
}

export function useUpdateClaim() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status, owner }: { id: number; status: TClaimStatus; owner: number }) =>
      api(`/messaging/claims/${id}/`, { method: "PUT", body: { status, owner }, schema: ZClaimSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: claimKeys.all }),
    meta: { errorMessage: "Не удалось обновить заявку", successMessage: "Заявка обновлена" },
  });
}

export function useDeleteClaim() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api(`/messaging/claims/${id}/`, { method: "DELETE" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: claimKeys.all }),
    meta: { errorMessage: "Не удалось удалить заявку", successMessage: "Заявка удалена" },
  });
}
