import { Stack } from "@mui/material";
import type { TBrandStatisticsEntry, TCurrencyTotal } from "@wholesale/contract";
import { useMemo, useState } from "react";
import { todayInMoscow } from "../../lib/dates.ts";
import { moneyList } from "../../lib/money.ts";
import { useBrandStatistics } from "./api.ts";
import { type BrandSums, brandSums } from "./brand-sums.ts";
import { DateFilter, SearchFilter } from "./filter-fields.tsx";
import { type Column, StatTable } from "./StatTable.tsx";
import { firstTotal, sumTotals } from "./totals.ts";

type Row = TBrandStatisticsEntry & { brand: string; sums: BrandSums };
type Key = "brand" | "quantity" | "small" | "large" | "total" | "totalSmall" | "totalLarge";

// Part 1 §9 floors every amount (brandSums, so that a brand's parts add up to its total); part 2's unfloored
// brand and group totals are the per-day tab's sub-tabs.
const costColumn = (
  key: Key,
  label: string,
  of: (sums: BrandSums) => TCurrencyTotal[],
): Column<Row, Key> => ({
  key,
  label,
  align: "right",
  sortValue: (r) => firstTotal(of(r.sums)),
  render: (r) => moneyList(of(r.sums)),
  exportValue: (r) => moneyList(of(r.sums)),
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
  costColumn("total", "Общая сумма", (s) => s.total),
  costColumn("totalSmall", "Малый опт", (s) => s.small),
  costColumn("totalLarge", "Крупный опт", (s) => s.large),
];

/** Sales of one day per brand, in all and per wholesale type. */
export function BrandTab() {
  const [date, setDate] = useState(todayInMoscow);
  const [search, setSearch] = useState("");
  const stats = useBrandStatistics(date);
  const rows = useMemo(
    () =>
      Object.entries(stats.data ?? {}).map(([brand, entry]) => ({ brand, ...entry, sums: brandSums(entry) })),
    [stats.data],
  );
  const term = search.trim().toLowerCase();
  const shown = rows.filter((r) => !term || r.brand.toLowerCase().includes(term));
  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
        <DateFilter label="Дата" value={date} onChange={setDate} />
        <SearchFilter label="Поиск по брэндам" value={search} onChange={setSearch} />
      </Stack>
      <StatTable
        columns={COLUMNS}
        rows={shown}
        // The sum of the brands shown, as shown: the whole agrees with its parts.
        totals={{
          label: "Итого",
          value: moneyList(sumTotals(shown.map((r) => r.sums.total))),
          column: "total",
        }}
        rowKey={(r) => r.brand}
        initialSort={{ key: "brand", direction: "asc" }}
        exportName={`Статистика_по_брэндам_${date}`}
        testId="brand-statistics"
      />
    </Stack>
  );
}
