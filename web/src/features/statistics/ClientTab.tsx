import { Stack } from "@mui/material";
import type { TClient, TClientGroup, TCurrencyTotal } from "@wholesale/contract";
import { clientDisplayName, ORGANIZATION_NAME_UNSET } from "@wholesale/contract";
import { useEffect, useMemo, useState } from "react";
import { useSearchParams } from "react-router";
import { daysAgoInMoscow, todayInMoscow } from "../../lib/dates.ts";
import { moneyList } from "../../lib/money.ts";
import { notify } from "../../notices/notify.tsx";
import { clientStatus } from "../clients/index.ts";
import { BAD_ANSWER, isBadAnswer, usePeriodStatistics } from "./api.ts";
import { ClientDaysDialog } from "./ClientDaysDialog.tsx";
import { DateFilter, SearchFilter } from "./filter-fields.tsx";
import { type Column, StatTable } from "./StatTable.tsx";
import { firstTotal } from "./totals.ts";

export const DEFAULT_RANGE_DAYS = 7;

type Row = {
  id: number;
  client: TClient | undefined;
  organization: string;
  nickname: string;
  status: string;
  phone: string;
  group: string;
  orders: number;
  totals: TCurrencyTotal[];
};
type Key = "id" | "organization" | "nickname" | "status" | "phone" | "group" | "orders" | "total";

/** «Не указано» is the placeholder of a client who named no organization, not an organization: «—». */
export const organizationCell = (organization: string) =>
  organization === ORGANIZATION_NAME_UNSET || organization.trim() === "" ? "—" : organization;

const COLUMNS: Column<Row, Key>[] = [
  { key: "id", label: "ID", sortValue: (r) => r.id, render: (r) => r.id },
  {
    key: "organization",
    label: "Имя пользователя",
    sortValue: (r) => r.organization,
    render: (r) => organizationCell(r.organization),
  },
  { key: "nickname", label: "Название", sortValue: (r) => r.nickname, render: (r) => r.nickname },
  { key: "status", label: "Статус", sortValue: (r) => r.status, render: (r) => r.status },
  { key: "phone", label: "Телефон", sortValue: (r) => r.phone, render: (r) => r.phone },
  { key: "group", label: "Группа", sortValue: (r) => r.group, render: (r) => r.group },
  {
    key: "orders",
    label: "Кол-во заказов",
    align: "right",
    sortValue: (r) => r.orders,
    render: (r) => r.orders,
  },
  {
    key: "total",
    label: "Общая сумма",
    align: "right",
    sortValue: (r) => firstTotal(r.totals),
    render: (r) => moneyList(r.totals),
    exportValue: (r) => moneyList(r.totals),
  },
];

/**
 * Spec: organization or nickname by case-insensitive substring; a client not in the list by its id. Staff
 * also find any client by the ID the table shows, typed whole.
 */
export function matchesClient(row: Pick<Row, "id" | "client">, search: string): boolean {
  const term = search.trim().toLowerCase();
  if (!term) return true;
  if (!row.client) return String(row.id).includes(term);
  return (
    String(row.id) === term ||
    row.client.organization_name.toLowerCase().includes(term) ||
    row.client.nickname.toLowerCase().includes(term)
  );
}

/** Why a period cannot be asked for, or undefined when it can: the table would otherwise just be empty. */
export function periodProblem(from: string, to: string): { from?: string; to?: string } | undefined {
  if (!from || !to)
    return { from: from ? undefined : "Укажите дату «От»", to: to ? undefined : "Укажите дату «До»" };
  if (from > to) return { from: "Дата «От» позже даты «До»" };
  return undefined;
}

type Props = { clients: TClient[]; groups: TClientGroup[] };

const dayParam = (value: string | null) => (value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined);

/** Sales per client over a period (От / До), with each client's days in a dialog. */
export function ClientTab({ clients, groups }: Props) {
  // A link may name the period (the dashboard's «Клиентов заказало» opens on today).
  const [params] = useSearchParams();
  const [from, setFrom] = useState(() => dayParam(params.get("from")) ?? daysAgoInMoscow(DEFAULT_RANGE_DAYS));
  const [to, setTo] = useState(() => dayParam(params.get("to")) ?? todayInMoscow());
  const [search, setSearch] = useState("");
  const [open, setOpen] = useState<Row | null>(null);
  const problem = periodProblem(from, to);
  const period = usePeriodStatistics(from, to, problem === undefined);

  useEffect(() => {
    if (!period.error) return;
    if (isBadAnswer(period.error)) notify.warning(BAD_ANSWER, "Данные не получены");
    else notify.error("Не удалось загрузить статистику по клиентам");
  }, [period.error]);

  const rows = useMemo<Row[]>(() => {
    const byId = new Map(clients.map((c) => [c.id, c]));
    const groupNames = new Map(groups.map((g) => [g.id, g.name]));
    return Object.entries(period.data ?? {}).map(([key, totals]) => {
      const id = Number(key);
      const client = byId.get(id);
      return {
        id,
        client,
        organization: client?.organization_name ?? "",
        nickname: client?.nickname ?? "",
        status: client ? clientStatus(client) : "",
        phone: client?.phone_number ?? "",
        group: client?.group ? (groupNames.get(client.group) ?? "") : "",
        // An order in two currencies is listed under both: the larger count is the number of orders.
        orders: Math.max(0, ...totals.map((t) => t.orders_count)),
        totals: totals.map(({ total, currency_sign }) => ({ total, currency_sign })),
      };
    });
  }, [period.data, clients, groups]);
  const shown = rows.filter((r) => matchesClient(r, search));

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
        <DateFilter label="От" value={from} onChange={setFrom} error={problem?.from} />
        <DateFilter label="До" value={to} onChange={setTo} error={problem?.to} />
        <SearchFilter label="Поиск по клиентам" value={search} onChange={setSearch} />
      </Stack>
      <StatTable
        columns={COLUMNS}
        rows={shown}
        rowKey={(r) => r.id}
        initialSort={{ key: "total", direction: "desc" }}
        exportName={`Статистика_по_клиентам_${from}_${to}`}
        onRowClick={setOpen}
        testId="client-statistics"
        // The exact sum of the clients shown, floored once: with no search, the period's sales.
        totals={{
          label: "Всего",
          column: "total",
          amounts: shown.map((r) => r.totals),
          testId: "client-total",
        }}
      />
      <ClientDaysDialog
        clientId={open?.id ?? null}
        title={
          open
            ? clientDisplayName({
                id: open.id,
                organization_name: open.organization,
                nickname: open.nickname,
              })
            : ""
        }
        from={from}
        to={to}
        onClose={() => setOpen(null)}
      />
    </Stack>
  );
}
