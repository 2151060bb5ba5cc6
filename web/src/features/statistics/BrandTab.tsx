import { Stack } from "@mui/material";
import type { TBrandStatisticsEntry, TCost } from "@wholesale/contract";
import { useMemo, useState } from "react";
import { todayInMoscow } from "../../lib/dates.ts";
import { moneyList } from "../../lib/money.ts";
import { useBrandStatistics } from "./api.ts";
import { DateFilter, SearchFilter } from "./filter-fields.tsx";
import { type Column, StatTable } from "./StatTable.tsx";
import { firstTotal } from "./totals.ts";

type Row = TBrandStatisticsEntry & { brand: string };
type Key = "brand" | "quantity" | "small" | "large" | "total" | "totalSmall" | "totalLarge";

const asTotals = (list: TCost[]) =>
  list.map(({ total_cost, currency_sign }) => ({ total: total_cost, currency_sign }));
// Part 1 §9 floors every amount; part 2's unfloored brand and group totals are the per-day tab's sub-tabs.
const costs = (list: TCost[]) => moneyList(asTotals(list));
const first = (list: TCost[]) => firstTotal(asTotals(list));
const costColumn = (key: Key, label: string, of: (r: Row) => TCost[]): Column<Row, Key> => ({
  key,
  label,
  align: "right",
  sortValue: (r) => first(of(r)),
  render: (r) => costs(of(r)),
  exportValue: (r) => costs(of(r)),
});

const COLUMNS: Column<Row, Key>[] = [
  { key: "brand", label: "Брэнд", sortValue: (r) => r.brand, render: (r) => r.brand },
  {
    key: "quantity",
    label: "Общее кол-во",
    align: "right",
    sortValue: (r) => r.total_quantity,
    render: (r) => r.total_quantity,
  },
  {
    key: "small",
    label: "Малый кол-во",
    align: "right",
    sortValue: (r) => r.total_quantity_small_wholesale,
    render: (r) => r.total_quantity_small_wholesale,
  },
  {
    key: "large",
    label: "Крупный кол-во",
    align: "right",
    sortValue: (r) => r.total_quantity_large_wholesale,
    render: (r) => r.total_quantity_large_wholesale,
  },
  costColumn("total", "Общая сумма", (r) => r.total_cost),
  costColumn("totalSmall", "Малый опт", (r) => r.total_cost_small_wholesale),
  costColumn("totalLarge", "Крупный опт", (r) => r.total_cost_large_wholesale),
];

/** Sales of one day per brand, in all and per wholesale type. */
export function BrandTab() {
  const [date, setDate] = useState(todayInMoscow);
  const [search, setSearch] = useState("");
  const stats = useBrandStatistics(date);
  const rows = useMemo(
    () => Object.entries(stats.data ?? {}).map(([brand, entry]) => ({ brand, ...entry })),
    [stats.data],
  );
  const term = search.trim().toLowerCase();
  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
        <DateFilter label="Дата" value={date} onChange={setDate} />
        <SearchFilter label="Поиск по брэндам" value={search} onChange={setSearch} />
      </Stack>
      <StatTable
        columns={COLUMNS}
        rows={rows.filter((r) => !term || r.brand.toLowerCase().includes(term))}
        rowKey={(r) => r.brand}
        initialSort={{ key: "brand", direction: "asc" }}
        exportName={`Статистика_по_брэндам_${date}`}
        testId="brand-statistics"
      />
    </Stack>
  );
}
