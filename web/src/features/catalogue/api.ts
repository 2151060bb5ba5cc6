import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  type TAdditionInput,
  type TBrandExclusives,
  type TBrandInput,
  type TBulkAvailable,
  type TExclusiveUpdate,
  type TModification,
  type TModificationUpdate,
  type TPriceTiersSave,
  type TPriceTierUpdate,
  type TProductCreate,
  type TProductUpdate,
  ZAdditionSchema,
  ZBrandExclusivesStateSchema,
  ZBrandSchema,
  ZBulkPricePreviewSchema,
  type ZBulkPriceSchema,
  ZCurrencySchema,
  ZExclusiveSchema,
  type ZModificationCreateSchema,
  ZModificationSchema,
  ZNomenclatureSchema,
  ZOffersImportResultSchema,
  ZPriceTierSchema,
  ZProductSchema,
  ZUpdatedCountSchema,
  type z,
} from "@wholesale/contract";
import { api, downloadFile } from "../../api/client.ts";
import { queryKeysFactory } from "../../lib/query-keys.ts";

/** Search starts at 2 characters; below that the full list is shown (spec 5). */
export const SEARCH_MIN_LENGTH = 2;

type TBulkPriceInput = z.input<typeof ZBulkPriceSchema>;

/** What a search box's text searches for: from 2 characters (spec 5), nothing below, which lists everything. */
export const searchTerm = (q: string) => (q.trim().length >= SEARCH_MIN_LENGTH ? q.trim() : "");

/** Spec 8: a failed brand or product search is only logged and shows no results. */
async function orNothing<T>(search: () => Promise<T[]>): Promise<T[]> {
  try {
    return await search();
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    console.error("Поиск не удался", error);
    return [];
  }
}

export const catalogueKeys = queryKeysFactory("catalogue");
const currencyKeys = queryKeysFactory("currencies", catalogueKeys);
const nomenclatureKeys = queryKeysFactory("nomenclature", catalogueKeys);
const brandKeys = queryKeysFactory<{ q: string }>("brands", catalogueKeys);
const productKeys = queryKeysFactory<{ brand: number | null; q: string }>("products", catalogueKeys);
const modificationKeys = queryKeysFactory<{ product: number; q: string }>("modifications", catalogueKeys);
/** A brand's exclusivity as last set, by the brand's id. */
const brandExclusivesKeys = queryKeysFactory("brand-exclusives", catalogueKeys);

export function useCurrencies() {
  return useQuery({
    queryKey: currencyKeys.lists(),
    queryFn: ({ signal }) => api("/storehouse/currencies/", { schema: ZCurrencySchema.array(), signal }),
    staleTime: 5 * 60_000,
    meta: { errorMessage: "Не удалось загрузить валюты" },
  });
}

export function useNomenclature() {
  return useQuery({
    queryKey: nomenclatureKeys.lists(),
    queryFn: ({ signal }) => api("/storehouse/nomenclature/", { schema: ZNomenclatureSchema, signal }),
    meta: { errorMessage: "Не удалось загрузить каталог" },
  });
}

const allBrands = (signal: AbortSignal) =>
  api("/storehouse/brands/", { schema: ZBrandSchema.array(), signal });

/** Every brand, under the brand tabs' own key (options for a screen that waits on several loads). */
export const allBrandsQuery = () =>
  queryOptions({ queryKey: brandKeys.list({ q: "" }), queryFn: ({ signal }) => allBrands(signal) });

/** Brand tabs: the whole list, or the search's matches from 2 characters on. */
export function useBrands(q: string) {
  const term = searchTerm(q);
  return useQuery({
    queryKey: brandKeys.list({ q: term }),
    queryFn: ({ signal }) =>
      term
        ? orNothing(() =>
            api("/storehouse/brands/search/", { query: { q: term }, schema: ZBrandSchema.array(), signal }),
          )
        : allBrands(signal),
    placeholderData: (previous) => previous,
    meta: { errorMessage: "Не удалось загрузить брэнды" },
  });
}

/** Every brand's name: a client's access rules choose from them. */
export function useBrandNames(): string[] {
  return (useBrands("").data ?? []).map((b) => b.name);
}

/** A brand's products, or every brand's (`brand` null: the offers page's «Все брэнды» and its search). */
export function useProducts(brand: number | null, q: string, enabled = true) {
  const term = searchTerm(q);
  return useQuery({
    queryKey: productKeys.list({ brand, q: term }),
    enabled,
    queryFn: ({ signal }) =>
      term
        ? orNothing(() =>
            api("/storehouse/products/search/", {
              query: { q: term, brand },
              schema: ZProductSchema.array(),
              signal,
            }),
          )
        : api("/storehouse/products/", { query: { brand }, schema: ZProductSchema.array(), signal }),
    meta: { errorMessage: "Не удалось загрузить продукты" },
  });
}

/** A product's modifications, fetched only while its accordion is open. */
export function useModifications(product: number, q: string, enabled: boolean) {
  const term = searchTerm(q);
  return useQuery({
    queryKey: modificationKeys.list({ product, q: term }),
    enabled,
    queryFn: ({ signal }) =>
      term
        ? api("/storehouse/modifications/search/", {
            query: { q: term, product },
            schema: ZModificationSchema.array(),
            signal,
          })
        : api("/storehouse/modifications/", {
            query: { product },
            schema: ZModificationSchema.array(),
            signal,
          }),
    meta: { errorMessage: "Не удалось загрузить модификации" },
  });
}

export function useModification(id: number | null) {
  return useQuery({
    queryKey: modificationKeys.detail(id ?? 0),
    enabled: id !== null,
    queryFn: ({ signal }) => api(`/storehouse/modifications/${id}/`, { schema: ZModificationSchema, signal }),
    meta: { errorMessage: "Не удалось загрузить модификацию" },
  });
}

/** After any change of the catalogue, every cached list of it is stale. */
function useInvalidateCatalogue() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: catalogueKeys.all });
}

/** A changed modification replaces its cached copy at once, then the lists refresh. */
function useStoreModification() {
  const queryClient = useQueryClient();
  return (modification: TModification) => {
    queryClient.setQueryData(modificationKeys.detail(modification.id), modification);
    for (const [key, list] of queryClient.getQueriesData<TModification[]>({
      queryKey: modificationKeys.lists(),
    })) {
      if (Array.isArray(list)) {
        queryClient.setQueryData(
          key,
          list.map((m) => (m.id === modification.id ? modification : m)),
        );
      }
    }
  };
}

export function useCreateBrand() {
  const invalidate = useInvalidateCatalogue();
  return useMutation({
    mutationFn: (body: TBrandInput) =>
      api("/storehouse/brands/", { method: "POST", body, schema: ZBrandSchema }),
    onSuccess: invalidate,
    meta: { errorMessage: "Не удалось создать брэнд", successMessage: "Брэнд создан" },
  });
}

export function useUpdateBrand() {
  const invalidate = useInvalidateCatalogue();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: TBrandInput }) =>
      api(`/storehouse/brands/${id}/`, { method: "PUT", body, schema: ZBrandSchema }),
    onSuccess: invalidate,
    meta: { errorMessage: "Не удалось обновить брэнд", successMessage: "Брэнд обновлен" },
  });
}

export function useDeleteBrand() {
  const invalidate = useInvalidateCatalogue();
  return useMutation({
    mutationFn: (id: number) => api(`/storehouse/brands/${id}/`, { method: "DELETE" }),
    onSuccess: invalidate,
    meta: { errorMessage: "Не удалось удалить брэнд", successMessage: "Брэнд удален" },
  });
}

export function useCreateProduct() {
  const invalidate = useInvalidateCatalogue();
  return useMutation({
    mutationFn: (body: TProductCreate) =>
      api("/storehouse/products/", { method: "POST", body, schema: ZProductSchema }),
    onSuccess: invalidate,
    meta: { errorMessage: "Не удалось создать продукт", successMessage: "Продукт создан" },
  });
}

export function useUpdateProduct() {
  const invalidate = useInvalidateCatalogue();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: TProductUpdate }) =>
      api(`/storehouse/products/${id}/`, { method: "PUT", body, schema: ZProductSchema }),
    onSuccess: invalidate,
    meta: { errorMessage: "Не удалось обновить продукт", successMessage: "Продукт обновлен" },
  });
}

export function useDeleteProduct() {
  const invalidate = useInvalidateCatalogue();
  return useMutation({
    mutationFn: (id: number) => api(`/storehouse/products/${id}/`, { method: "DELETE" }),
    onSuccess: invalidate,
    meta: { errorMessage: "Не удалось удалить продукт", successMessage: "Продукт удален" },
  });
}

export function useCreateModification() {
  const invalidate = useInvalidateCatalogue();
  return useMutation({
    mutationFn: (body: z.input<typeof ZModificationCreateSchema>) =>
      api("/storehouse/modifications/", { method: "POST", body, schema: ZModificationSchema }),
    onSuccess: invalidate,
    meta: { errorMessage: "Ошибка при создании модификации", successMessage: "Модификация создана" },
  });
}

export function useUpdateModification() {
  const store = useStoreModification();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: TModificationUpdate }) =>
      api(`/storehouse/modifications/${id}/`, { method: "PUT", body, schema: ZModificationSchema }),
    onSuccess: store,
    meta: { errorMessage: "Не удалось обновить модификацию" },
  });
}

export function useDeleteModification() {
  const invalidate = useInvalidateCatalogue();
  return useMutation({
    mutationFn: (id: number) => api(`/storehouse/modifications/${id}/`, { method: "DELETE" }),
    onSuccess: invalidate,
    meta: { errorMessage: "Не удалось удалить модификацию", successMessage: "Модификация удалена" },
  });
}

/** Stock changes send the difference, so two people changing stock at once never lose an update. */
export function useChangeQuantity() {
  const store = useStoreModification();
  return useMutation({
    mutationFn: (body: { modification: number; delta: number }) =>
      api("/storehouse/modifications/quantity/", { method: "POST", body, schema: ZModificationSchema }),
    onSuccess: store,
    meta: { errorMessage: "Не удалось обновить количество", successMessage: "Количество обновлено" },
  });
}

export function useBulkAvailable() {
  const invalidate = useInvalidateCatalogue();
  return useMutation({
    mutationFn: (body: TBulkAvailable) =>
      api("/storehouse/modifications/available/", { method: "POST", body, schema: ZUpdatedCountSchema }),
    onSuccess: invalidate,
    meta: { errorMessage: "Не удалось обновить доступность", successMessage: "Доступность обновлена" },
  });
}

export function useBulkPrices() {
  const invalidate = useInvalidateCatalogue();
  return useMutation({
    mutationFn: (body: TBulkPriceInput) =>
      api("/storehouse/modifications/prices/bulk/", { method: "POST", body, schema: ZUpdatedCountSchema }),
    onSuccess: invalidate,
    meta: { errorMessage: "Не удалось обновить цены" },
  });
}

/** What a bulk price change would do (the server's count and examples): asked before it is made. */
export function useBulkPricePreview() {
  return useMutation({
    mutationFn: (body: TBulkPriceInput) =>
      api("/storehouse/modifications/prices/bulk/preview/", {
        method: "POST",
        body,
        schema: ZBulkPricePreviewSchema,
      }),
    meta: { errorMessage: "Не удалось рассчитать изменение цен" },
  });
}

/** The brand's exclusivity as last set, for the dialog to open with (fresh each time it opens). */
export function useBrandExclusivesState(brand: number | null) {
  return useQuery({
    queryKey: brandExclusivesKeys.detail(brand ?? 0),
    queryFn: ({ signal }) =>
      api(`/storehouse/brands/${brand}/exclusives/`, { schema: ZBrandExclusivesStateSchema, signal }),
    enabled: brand !== null,
    staleTime: 0,
    meta: { errorMessage: "Не удалось загрузить эксклюзивность брэнда" },
  });
}

export function useBrandExclusives() {
  const invalidate = useInvalidateCatalogue();
  return useMutation({
    mutationFn: (body: TBrandExclusives) =>
      api("/storehouse/brands/exclusives/", { method: "POST", body, schema: ZUpdatedCountSchema }),
    onSuccess: invalidate,
    meta: { errorMessage: "Не удалось обновить эксклюзивность", successMessage: "Эксклюзивность обновлена" },
  });
}

export function useSaveTiers() {
  const store = useStoreModification();
  return useMutation({
    mutationFn: ({ modification, body }: { modification: number; body: TPriceTiersSave }) =>
      api(`/storehouse/modifications/${modification}/prices/`, {
        method: "PUT",
        body,
        schema: ZModificationSchema,
      }),
    onSuccess: store,
    meta: { errorMessage: "Не удалось обновить цены", successMessage: "Цены сохранены" },
  });
}

export function useUpdateTier() {
  const invalidate = useInvalidateCatalogue();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: TPriceTierUpdate }) =>
      api(`/storehouse/prices/${id}/`, { method: "PUT", body, schema: ZPriceTierSchema }),
    onSuccess: invalidate,
    meta: { errorMessage: "Не удалось обновить цену" },
  });
}

export function useDeleteTier() {
  const invalidate = useInvalidateCatalogue();
  return useMutation({
    mutationFn: (id: number) => api(`/storehouse/prices/${id}/`, { method: "DELETE" }),
    onSuccess: invalidate,
    meta: { errorMessage: "Не удалось удалить цену", successMessage: "Цена удалена" },
  });
}

/** The offers file's template, saved under `name` unless the server names it. */
export const downloadOffersTemplate = (name: string) => downloadFile("/storehouse/offers/template/", name);

/**
 * Uploads an offers file. A refusal is the dialog's to show, row by row, where staff look for it: no global
 * notice says it a second time over the dialog's buttons.
 */
export function useImportOffers() {
  const invalidate = useInvalidateCatalogue();
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append("file", file);
      return api("/storehouse/offers/file/", { method: "POST", body, schema: ZOffersImportResultSchema });
    },
    onSuccess: invalidate,
  });
}

/** The modification's cached copy is refreshed after a change of its addition or exclusives. */
function useRefreshModification() {
  const queryClient = useQueryClient();
  return (id: number) => queryClient.invalidateQueries({ queryKey: modificationKeys.detail(id) });
}

export function useSaveAddition() {
  const refresh = useRefreshModification();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: TAdditionInput }) =>
      id === null
        ? api("/storehouse/additions/", { method: "POST", body, schema: ZAdditionSchema })
        : api(`/storehouse/additions/${id}/`, { method: "PUT", body, schema: ZAdditionSchema }),
    onSuccess: (addition) => refresh(addition.modification),
    meta: { errorMessage: "Не удалось сохранить дополнение", successMessage: "Дополнение сохранено" },
  });
}

export function useDeleteAddition() {
  const refresh = useRefreshModification();
  return useMutation({
    mutationFn: ({ id }: { id: number; modification: number }) =>
      api(`/storehouse/additions/${id}/`, { method: "DELETE" }),
    onSuccess: (_data, { modification }) => refresh(modification),
    meta: { errorMessage: "Не удалось удалить дополнение", successMessage: "Дополнение удалено" },
  });
}

export function useUpdateExclusive() {
  const refresh = useRefreshModification();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: TExclusiveUpdate }) =>
      api(`/storehouse/modifications/exclusives/${id}/`, { method: "PUT", body, schema: ZExclusiveSchema }),
    onSuccess: (exclusive) => refresh(exclusive.modification),
    meta: { errorMessage: "Не удалось обновить эксклюзив", successMessage: "Эксклюзив обновлен" },
  });
}
