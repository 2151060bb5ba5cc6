import { Stack } from "@mui/material";
import { percentRemaining, type TLowModification } from "@wholesale/contract";
import { useState } from "react";
import { todayInMoscow } from "../../lib/dates.ts";
import { formatPrice } from "../../lib/money.ts";
import { useLowStatistics } from "./api.ts";
import { DateFilter, SearchFilter } from "./filter-fields.tsx";
import { type Column, StatTable } from "./StatTable.tsx";

type Key = "name" | "start" | "sold" | "now" | "percent" | "waiting" | "price";

/** The spec's share left: 0 % when no start was recorded (the server sends a start of 0 then). */
const percent = (m: TLowModification) => percentRemaining(m.quantity, m.quantity_on_start);
/**
 * The product as staff call it. Specifications usually spell the whole name already («Remax Сетевое
 * зарядное 20W, чёрное» for the modification «чёрное»); the modification is added only when they do not.
 */
export const problemName = (m: Pick<TLowModification, "name" | "specifications">) => {
  const specifications = m.specifications.trim();
  if (!specifications) return m.name;
  if (specifications.toLowerCase().includes(m.name.trim().toLowerCase())) return specifications;
  return `${m.name} (${specifications})`;
};
/** Said for a wholesale type whose first tier holds the «not sold» placeholder (the server sends no price). */
export const NOT_SOLD = "не продаётся";
/** Small and large wholesale together; «—» for a modification without any tier. */
const prices = (m: TLowModification) => {
  const { currency_sign: sign } = m;
  if (sign === null) return "—";
  const price = (value: number | null) => (value === null ? NOT_SOLD : formatPrice(value, sign));
  return `${price(m.price_small_wholesale)} / ${price(m.price_large_wholesale)}`;
};

const COLUMNS: Column<TLowModification, Key>[] = [
  { key: "name", label: "Наименование продукта", sortValue: problemName, render: problemName },
  {
    key: "start",
    label: "Кол-во на начало",
    align: "right",
    sortValue: (m) => m.quantity_on_start,
    render: (m) => m.quantity_on_start,
  },
  { key: "sold", label: "Продано", align: "right", sortValue: (m) => m.sold, render: (m) => m.sold },
  {
    key: "now",
    label: "Кол-во на данный момент",
    align: "right",
    sortValue: (m) => m.quantity,
    render: (m) => m.quantity,
  },
  {
    key: "percent",
    label: "Осталось в процентах",
    align: "right",
    sortValue: percent,
    render: (m) => `${percent(m)} %`,
  },
  {
    key: "waiting",
    label: "Ждут",
    align: "right",
    sortValue: (m) => m.waiting,
    render: (m) => m.waiting,
  },
  {
    key: "price",
    label: "Стоимость",
    align: "right",
    sortValue: (m) => m.price_small_wholesale ?? 0,
    render: prices,
    exportValue: prices,
  },
];

/** Problem positions of a day (part 2, 2.9): sold that day and running out. */
export function ProblemsTab() {
  const [date, setDate] = useState(todayInMoscow);
  const [search, setSearch] = useState("");
  const low = useLowStatistics(date);
  const term = search.trim().toLowerCase();
  const rows = (low.data ?? []).filter(
    (m) => !term || m.name.toLowerCase().includes(term) || m.specifications.toLowerCase().includes(term),
  );
  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
        <DateFilter label="Дата" value={date} onChange={setDate} />
        <SearchFilter label="Поиск по продуктам" value={search} onChange={setSearch} />
      </Stack>
      <StatTable
        columns={COLUMNS}
        rows={rows}
        rowKey={(m) => m.id}
        initialSort={{ key: "percent", direction: "asc" }}
        exportName={`Проблемные_позиции_${date}`}
        testId="problem-positions"
      />
    </Stack>
  );
}
