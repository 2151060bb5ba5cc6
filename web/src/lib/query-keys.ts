/**
 * The query keys of one resource, every area's built the same way: everything the resource caches is under
 * `all`, its collections under `lists()` (one of them by the query it is asked with, `list(query)`), its
 * records under `details()` (one by its id, `detail(id)`). A collection or a record asked with no parameters
 * is keyed `lists()` or `details()` itself. A resource named under another, `queryKeysFactory("groups",
 * clientKeys)`, starts with the other's `all`: invalidating the area reaches every resource in it, and
 * invalidating the resource reaches only its own.
 */
export function queryKeysFactory<TListQuery = never, TId = number>(
  name: string,
  parent?: { all: readonly unknown[] },
) {
  const all = [...(parent?.all ?? []), name] as const;
  return {
    all,
    lists: () => [...all, "list"] as const,
    list: (query: TListQuery) => [...all, "list", query] as const,
    details: () => [...all, "detail"] as const,
    detail: (id: TId) => [...all, "detail", id] as const,
  };
}
