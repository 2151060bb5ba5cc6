import { Stack } from "@mui/material";
import type { TBrandStatisticsEntry } from "@wholesale/contract";
import { useMemo, useState } from "react";
import { todayInMoscow } from "../../lib/dates.ts";
import { moneyList } from "../../lib/money.ts";
import { useBrandStatistics } from "./api.ts";
import { type BrandSums, brandSums, formatShown } from "./brand-sums.ts";
import { DateFilter, SearchFilter } from "./filter-fields.tsx";
import { type Column, StatTable } from "./StatTable.tsx";
import { firstTotal } from "./totals.ts";

type Row = TBrandStatisticsEntry & { brand: string; sums: BrandSums };
type Key = "brand" | "quantity" | "small" | "large" | "total" | "totalSmall" | "totalLarge";

// Part 1 §9 floors every amount; a brand's wholesale parts show their kopecks where floors would not add up to
// its total (brandSums). Part 2's unfloored brand and group totals are the per-day tab's sub-tabs.
const total = (r: Row) => moneyList(r.sums.total);
const small = (r: Row) => formatShown(r.sums.small);
const large = (r: Row) => formatShown(r.sums.large);

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
  {
    key: "total",
    label: "Общая сумма",
    align: "right",
    sortValue: (r) => firstTotal(r.sums.total),
    render: total,
    exportValue: total,
  },
  {
    key: "totalSmall",
    label: "Малый опт",
    align: "right",
    sortValue: (r) => firstTotal(r.sums.small),
    render: small,
    exportValue: small,
  },
  {
    key: "totalLarge",
    label: "Крупный опт",
    align: "right",
    sortValue: (r) => firstTotal(r.sums.large),
    render: large,
    exportValue: large,
  },
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
        // The exact sum of the brands shown, floored once: with no search, the day's sales as the dashboard
        // and «По дням» give them.
        totals={{
          label: "Итого",
          column: "total",
          amounts: shown.map((r) => r.sums.total),
          testId: "brand-total",
        }}
        rowKey={(r) => r.brand}
        initialSort={{ key: "brand", direction: "asc" }}
        exportName={`Статистика_по_брэндам_${date}`}
        testId="brand-statistics"
      />
    </Stack>
  );
}
