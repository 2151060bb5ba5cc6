import { useState } from "react";

export type SortDirection = "asc" | "desc";
export type SortValue = string | number;
export type Sort<K extends string> = { key: K; direction: SortDirection };

const collator = new Intl.Collator("ru", { numeric: true, sensitivity: "base" });

/** Rows ordered by one column; ties keep their order, so a re-sort is stable. */
export function sortRows<T, K extends string>(
  rows: T[],
  sort: Sort<K>,
  value: (row: T, key: K) => SortValue,
): T[] {
  const sign = sort.direction === "asc" ? 1 : -1;
  return rows
    .map((row, index) => ({ row, index, v: value(row, sort.key) }))
    .sort((a, b) => {
      const order =
        typeof a.v === "number" && typeof b.v === "number"
          ? a.v - b.v
          : collator.compare(String(a.v), String(b.v));
      return order * sign || a.index - b.index;
    })
    .map((x) => x.row);
}

/** Spec: a header click sorts by that column; a second click on it reverses the order. */
export function nextSort<K extends string>(current: Sort<K>, key: K): Sort<K> {
  if (current.key === key) return { key, direction: current.direction === "asc" ? "desc" : "asc" };
  return { key, direction: "asc" };
}

export function useSort<K extends string>(initial: Sort<K>) {
  const [sort, setSort] = useState<Sort<K>>(initial);
  return { sort, onSort: (key: K) => setSort((current) => nextSort(current, key)) };
}
