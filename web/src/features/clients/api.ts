import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  paged,
  type TClient,
  type TClientGroupUpdate,
  type TClientListParams,
  type TClientUpdate,
  type TCollectionGroupUpdate,
  type TOrganizationWrite,
  type TRegistrationRequestUpdate,
  type TTransportationUpdate,
  type ZClientGroupCreateSchema,
  ZClientGroupSchema,
  ZClientSchema,
  type ZCollectionGroupCreateSchema,
  ZCollectionGroupSchema,
  ZManagerSchema,
  ZOrganizationSchema,
  ZRegistrationRequestSchema,
  type ZTransportationCreateSchema,
  ZTransportationSchema,
  z,
} from "@wholesale/contract";
import { api } from "../../api/client.ts";

export const clientKeys = {
  all: ["clients"] as const,
  lists: () => [...clientKeys.all, "list"] as const,
  list: (query: TClientListParams & { onlyActive: boolean }) => [...clientKeys.lists(), query] as const,
  detail: (id: number) => [...clientKeys.all, "detail", id] as const,
  everyone: () => [...clientKeys.all, "everyone"] as const,
  requests: () => [...clientKeys.all, "requests"] as const,
  groups: () => [...clientKeys.all, "groups"] as const,
  transportations: () => [...clientKeys.all, "transportations"] as const,
  collectionGroups: () => [...clientKeys.all, "collect-groups"] as const,
  organizations: () => [...clientKeys.all, "organizations"] as const,
  organizationClients: (id: number) => [...clientKeys.organizations(), id, "clients"] as const,
  managers: () => [...clientKeys.all, "managers"] as const,
};

const ZClientPageSchema = paged(ZClientSchema);

/** One page of clients; tab 0 ("Все") reads clients/active/, the other tabs filter clients/ by `tab`. */
export function useClientsPage(query: TClientListParams & { onlyActive: boolean }, enabled = true) {
  const { onlyActive, ...params } = query;
  return useQuery({
    queryKey: clientKeys.list(query),
    queryFn: ({ signal }) =>
      api(onlyActive ? "/profiles/clients/active/" : "/profiles/clients/", {
        query: params,
        schema: ZClientPageSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
    enabled,
    meta: { errorMessage: "Не удалось загрузить клиентов" },
  });
}

const CLIENT_PAGE = 1000;

async function allClients(signal: AbortSignal): Promise<TClient[]> {
  const clients: TClient[] = [];
  for (let offset = 0; ; offset += CLIENT_PAGE) {
    const page = await api("/profiles/clients/", {
      query: { limit: CLIENT_PAGE, offset },
      schema: ZClientPageSchema,
      signal,
    });
    clients.push(...page.results);
    if (!page.next) return clients;
  }
}

/**
 * Every client, page by page, kept five minutes (a screen's names do not need each edit at once): for screens
 * that name the clients an answer lists by id. Options rather than a hook, so such a screen can wait for it
 * beside its other data and say itself what a failure means.
 */
export const allClientsQuery = () =>
  queryOptions({
    queryKey: clientKeys.everyone(),
    queryFn: ({ signal }) => allClients(signal),
    staleTime: 5 * 60_000,
  });

/** One client, for a link that opens them (`/clients?client=ID`, from a claim). */
export function useClient(id: number | null) {
  return useQuery({
    queryKey: clientKeys.detail(id ?? 0),
    queryFn: ({ signal }) => api(`/profiles/clients/${id}/`, { schema: ZClientSchema, signal }),
    enabled: id !== null,
    meta: { errorMessage: "Не удалось загрузить клиента" },
  });
}

export function useUpdateClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: TClientUpdate }) =>
      api(`/profiles/clients/${id}/`, { method: "PUT", body, schema: ZClientSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clientKeys.all }),
    meta: { errorMessage: "Не удалось обновить клиента", successMessage: "Клиент обновлен" },
  });
}

export function useRegistrationRequests(enabled: boolean) {
  return useQuery({
    queryKey: clientKeys.requests(),
    queryFn: ({ signal }) =>
      api("/profiles/registration-requests/", { schema: z.array(ZRegistrationRequestSchema), signal }),
    enabled,
    meta: { errorMessage: "Не удалось загрузить заявки" },
  });
}

export function useUpdateRequest(successMessage: string, errorMessage: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: TRegistrationRequestUpdate }) =>
      api(`/profiles/registration-requests/${id}/`, {
        method: "PUT",
        body,
        schema: ZRegistrationRequestSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clientKeys.all }),
    meta: { errorMessage, successMessage },
  });
}

/** The client groups, as the groups tab lists them (options for a screen that waits on several loads). */
export const groupsQuery = () =>
  queryOptions({
    queryKey: clientKeys.groups(),
    queryFn: ({ signal }) => api("/profiles/groups/", { schema: z.array(ZClientGroupSchema), signal }),
  });

export function useGroups(enabled = true) {
  return useQuery({ ...groupsQuery(), enabled, meta: { errorMessage: "Не удалось загрузить группы" } });
}

export function useTransportations(enabled = true) {
  return useQuery({
    queryKey: clientKeys.transportations(),
    queryFn: ({ signal }) =>
      api("/profiles/transportations/", { schema: z.array(ZTransportationSchema), signal }),
    enabled,
    meta: { errorMessage: "Не удалось загрузить направления" },
  });
}

/** Create, update and delete of one resource under /profiles/, invalidating its list and the clients. */
function useResourceMutations<C, U>(
  path: string,
  schema: z.ZodType,
  key: readonly unknown[],
  noun: { one: string; created: string; updated: string; deleted: string },
) {
  const queryClient = useQueryClient();
  const onSuccess = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: key }),
      queryClient.invalidateQueries({ queryKey: clientKeys.lists() }),
    ]);
  const create = useMutation({
    mutationFn: (body: C) => api(`/profiles/${path}/`, { method: "POST", body, schema }),
    onSuccess,
    meta: { errorMessage: `Не удалось создать ${noun.one}`, successMessage: noun.created },
  });
  const update = useMutation({
    mutationFn: ({ id, body }: { id: number; body: U }) =>
      api(`/profiles/${path}/${id}/`, { method: "PUT", body, schema }),
    onSuccess,
    meta: { errorMessage: `Не удалось обновить ${noun.one}`, successMessage: noun.updated },
  });
  const remove = useMutation({
    mutationFn: (id: number) => api(`/profiles/${path}/${id}/`, { method: "DELETE" }),
    onSuccess,
    meta: { errorMessage: `Не удалось удалить ${noun.one}`, successMessage: noun.deleted },
  });
  return { create, update, remove };
}

export const useGroupMutations = () =>
  useResourceMutations<z.input<typeof ZClientGroupCreateSchema>, TClientGroupUpdate>(
    "groups",
    ZClientGroupSchema,
    clientKeys.groups(),
    {
      one: "группу",
      created: "Группа создана",
      updated: "Группа обновлена",
      deleted: "Группа удалена",
    },
  );
export const useTransportationMutations = () =>
  useResourceMutations<z.input<typeof ZTransportationCreateSchema>, TTransportationUpdate>(
    "transportations",
    ZTransportationSchema,
    clientKeys.transportations(),
    {
      one: "направление",
      created: "Направление создано",
      updated: "Направление обновлено",
      deleted: "Направление удалено",
    },
  );

export function useCollectionGroups(enabled: boolean) {
  return useQuery({
    queryKey: clientKeys.collectionGroups(),
    queryFn: ({ signal }) =>
      api("/profiles/collect-groups/", { schema: z.array(ZCollectionGroupSchema), signal }),
    enabled,
    meta: { errorMessage: "Не удалось загрузить группы сборок" },
  });
}
export const useCollectionGroupMutations = () =>
  useResourceMutations<z.input<typeof ZCollectionGroupCreateSchema>, TCollectionGroupUpdate>(
    "collect-groups",
    ZCollectionGroupSchema,
    clientKeys.collectionGroups(),
    {
      one: "группу сборки",
      created: "Группа сборки создана",
      updated: "Группа сборки обновлена",
      deleted: "Группа сборки удалена",
    },
  );

export function useOrganizations(enabled = true) {
  return useQuery({
    queryKey: clientKeys.organizations(),
    queryFn: ({ signal }) =>
      api("/profiles/organizations/", { schema: z.array(ZOrganizationSchema), signal }),
    enabled,
    meta: { errorMessage: "Не удалось загрузить организации" },
  });
}
export function useOrganizationClients(id: number | null) {
  return useQuery({
    queryKey: clientKeys.organizationClients(id ?? 0),
    queryFn: ({ signal }) =>
      api(`/profiles/organizations/${id}/clients/`, { schema: z.array(ZClientSchema), signal }),
    enabled: id !== null,
    meta: { errorMessage: "Не удалось загрузить сотрудников организации" },
  });
}
export const useOrganizationMutations = () =>
  useResourceMutations<TOrganizationWrite, TOrganizationWrite>(
    "organizations",
    ZOrganizationSchema,
    clientKeys.organizations(),
    {
      one: "организацию",
      created: "Организация создана",
      updated: "Организация обновлена",
      deleted: "Организация удалена",
    },
  );

export function useManagers(enabled: boolean) {
  return useQuery({
    queryKey: clientKeys.managers(),
    queryFn: ({ signal }) => api("/profiles/managers/", { schema: z.array(ZManagerSchema), signal }),
    enabled,
    meta: { errorMessage: "Не удалось загрузить менеджеров" },
  });
}
