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
import { queryKeysFactory } from "../../lib/query-keys.ts";

export const clientKeys = queryKeysFactory<TClientListParams & { onlyActive: boolean }>("clients");
/** Every client at once, for screens that name clients by id: no edit of a group or a direction reaches it. */
const everyClientKeys = queryKeysFactory("everyone", clientKeys);
const requestKeys = queryKeysFactory("requests", clientKeys);
const groupKeys = queryKeysFactory("groups", clientKeys);
const transportationKeys = queryKeysFactory("transportations", clientKeys);
const collectionGroupKeys = queryKeysFactory("collect-groups", clientKeys);
const organizationKeys = queryKeysFactory("organizations", clientKeys);
/** An organization's clients, under the organizations: a change of one refreshes them. */
const organizationClientKeys = queryKeysFactory<{ organization: number }>("clients", organizationKeys);
const managerKeys = queryKeysFactory("managers", clientKeys);

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
    queryKey: everyClientKeys.lists(),
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
    queryKey: requestKeys.lists(),
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
    queryKey: groupKeys.lists(),
    queryFn: ({ signal }) => api("/profiles/groups/", { schema: z.array(ZClientGroupSchema), signal }),
  });

export function useGroups(enabled = true) {
  return useQuery({ ...groupsQuery(), enabled, meta: { errorMessage: "Не удалось загрузить группы" } });
}

export function useTransportations(enabled = true) {
  return useQuery({
    queryKey: transportationKeys.lists(),
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
  keys: { all: readonly unknown[] },
  noun: { one: string; created: string; updated: string; deleted: string },
) {
  const queryClient = useQueryClient();
  const onSuccess = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: keys.all }),
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
    groupKeys,
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
    transportationKeys,
    {
      one: "направление",
      created: "Направление создано",
      updated: "Направление обновлено",
      deleted: "Направление удалено",
    },
  );

export function useCollectionGroups(enabled: boolean) {
  return useQuery({
    queryKey: collectionGroupKeys.lists(),
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
    collectionGroupKeys,
    {
      one: "группу сборки",
      created: "Группа сборки создана",
      updated: "Группа сборки обновлена",
      deleted: "Группа сборки удалена",
    },
  );

export function useOrganizations(enabled = true) {
  return useQuery({
    queryKey: organizationKeys.lists(),
    queryFn: ({ signal }) =>
      api("/profiles/organizations/", { schema: z.array(ZOrganizationSchema), signal }),
    enabled,
    meta: { errorMessage: "Не удалось загрузить организации" },
  });
}
export function useOrganizationClients(id: number | null) {
  return useQuery({
    queryKey: organizationClientKeys.list({ organization: id ?? 0 }),
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
    organizationKeys,
    {
      one: "организацию",
      created: "Организация создана",
      updated: "Организация обновлена",
      deleted: "Организация удалена",
    },
  );

export function useManagers(enabled: boolean) {
  return useQuery({
    queryKey: managerKeys.lists(),
    queryFn: ({ signal }) => api("/profiles/managers/", { schema: z.array(ZManagerSchema), signal }),
    enabled,
    meta: { errorMessage: "Не удалось загрузить менеджеров" },
  });
}
