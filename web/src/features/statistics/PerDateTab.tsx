import {
  Autocomplete,
  Box,
  Button,
  CircularProgress,
  MenuItem,
  Paper,
  Stack,
  Tab,
  Tabs,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from "@mui/material";
import {
  positionName,
  type TClientGroup,
  type TDateStatisticsItem,
  type TDateStatisticsQuery,
} from "@wholesale/contract";
import { useState } from "react";
import { todayInMoscow } from "../../lib/dates.ts";
import { moneyList } from "../../lib/money.ts";
import { useDateStatistics } from "./api.ts";
import { DateFilter, SearchFilter } from "./filter-fields.tsx";
import { type Column, StatTable } from "./StatTable.tsx";
import { firstTotal } from "./totals.ts";

type Key = "name" | "quantity" | "total";

const costs = (item: TDateStatisticsItem) =>
  item.details.map((d) => ({ total: d.total_cost, currency_sign: d.currency_sign }));
const quantity = (item: TDateStatisticsItem) => item.details.reduce((sum, d) => sum + d.total_quantity, 0);
/** Named as an order position is: modifications of different products and brands often share a name. */
const fullName = ({ modification: m }: TDateStatisticsItem) =>
  positionName({ brand: m.brand, product: m.product, modification: m.name });

function columns(floor: boolean): Column<TDateStatisticsItem, Key>[] {
  const list = (item: TDateStatisticsItem) => moneyList(costs(item), floor);
  return [
    { key: "name", label: "Наименование модификации", sortValue: fullName, render: fullName },
    { key: "quantity", label: "Общее кол-во", align: "right", sortValue: quantity, render: quantity },
    {
      key: "total",
      label: "Общая сумма",
      align: "right",
      sortValue: (i) => firstTotal(costs(i)),
      render: list,
      exportValue: list,
    },
  ];
}

function Results({
  query,
  enabled = true,
  floor,
  search,
  exportName,
}: {
  query: TDateStatisticsQuery;
  enabled?: boolean;
  floor: boolean;
  search: string;
  exportName: string;
}) {
  const stats = useDateStatistics(query, enabled);
  if (!enabled) return null;
  if (stats.isPending) return <CircularProgress size={24} />;
  if (stats.isError)
    return (
      <Stack direction="row" spacing={2} alignItems="center" role="alert">
        <Typography color="error">Не удалось загрузить статистику</Typography>
        <Button variant="outlined" onClick={() => void stats.refetch()}>
          Повторить запрос
        </Button>
      </Stack>
    );
  const term = search.trim().toLowerCase();
  const items = stats.data.statistics.filter((i) => !term || fullName(i).toLowerCase().includes(term));
  return (
    <StatTable
      columns={columns(floor)}
      rows={items}
      rowKey={(i) => i.modification.id}
      initialSort={{ key: "name", direction: "asc" }}
      exportName={exportName}
      testId="date-statistics"
      totals={{ label: "Итого", column: "total", amounts: items.map(costs), floor, testId: "date-total" }}
    />
  );
}

function ByBrand({ date }: { date: string }) {
  const [brand, setBrand] = useState<string | null>(null);
  const [search, setSearch] = useState("");
  const brands = useDateStatistics({ date });
  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
        <Autocomplete
          options={brands.data?.ordered_brands.map((b) => b.name) ?? []}
          value={brand}
          onChange={(_, v) => setBrand(v)}
          renderInput={(params) => <TextField {...params} label="Брэнд" size="small" />}
          sx={{ minWidth: 240 }}
        />
        <SearchFilter label="Поиск по модификациям" value={search} onChange={setSearch} />
      </Stack>
      <Results
        query={brand ? { date, brand } : { date }}
        floor={false}
        search={search}
        exportName={`По_брэнду_${brand ?? "все"}_${date}`}
      />
    </Stack>
  );
}

function ByWholesale({ date }: { date: string }) {
  const [type, setType] = useState<"small" | "large">("small");
  const [search, setSearch] = useState("");
  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
        <ToggleButtonGroup
          exclusive
          size="small"
          sx={{ "& .MuiToggleButton-root": { textTransform: "none" } }}
          value={type}
          // The toggle is mandatory: clicking the chosen one keeps it.
          onChange={(_, v: "small" | "large" | null) => v && setType(v)}
        >
          <ToggleButton value="small">Малый опт</ToggleButton>
          <ToggleButton value="large">Крупный опт</ToggleButton>
        </ToggleButtonGroup>
        <SearchFilter label="Поиск по модификациям" value={search} onChange={setSearch} />
      </Stack>
      <Results
        query={{ date, type }}
        floor
        search={search}
        exportName={`По_опту_${type === "small" ? "малый" : "крупный"}_${date}`}
      />
    </Stack>
  );
}

function ByGroup({ date, groups }: { date: string; groups: TClientGroup[] }) {
  const [groupId, setGroupId] = useState<number | "">("");
  const [search, setSearch] = useState("");
  const group = groups.find((g) => g.id === groupId);
  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
        <TextField
          select
          label="Выбор группы"
          value={groupId}
          onChange={(e) => setGroupId(Number(e.target.value))}
          size="small"
          sx={{ minWidth: 240 }}
        >
          {groups.map((g) => (
            <MenuItem key={g.id} value={g.id}>
              {g.name}
            </MenuItem>
          ))}
        </TextField>
        <SearchFilter label="Поиск по модификациям" value={search} onChange={setSearch} />
      </Stack>
      <Results
        query={{ date, group_id: groupId === "" ? undefined : groupId }}
        enabled={groupId !== ""}
        floor={false}
        search={search}
        exportName={`По_группе_${group?.name ?? ""}_${date}`}
      />
    </Stack>
  );
}

const SUB_TABS = ["По брэнду", "По опту", "По группе"] as const;

/** Sales of one day per modification: by brand, by wholesale type, by client group. */
export function PerDateTab({ groups }: { groups: TClientGroup[] }) {
  const [date, setDate] = useState(todayInMoscow);
  const [tab, setTab] = useState(0);
  return (
    <Stack spacing={2}>
      <Box>
        <DateFilter label="Дата" value={date} onChange={setDate} />
      </Box>
      <Paper variant="outlined">
        <Tabs value={tab} onChange={(_, v: number) => setTab(v)} aria-label="Статистика по дням">
          {SUB_TABS.map((label) => (
            <Tab key={label} label={label} />
          ))}
        </Tabs>
      </Paper>
      {tab === 0 && <ByBrand date={date} />}
      {tab === 1 && <ByWholesale date={date} />}
      {tab === 2 && <ByGroup date={date} groups={groups} />}
    </Stack>
  );
}
