import { CircularProgress, Dialog, DialogContent, DialogTitle, Stack, Typography } from "@mui/material";
import type { TClientDay } from "@wholesale/contract";
import dayjs from "dayjs";
import { useEffect } from "react";
import { russianDate } from "../../lib/dates.ts";
import { failureReason } from "../../lib/failure-reason.ts";
import { moneyList } from "../../lib/money.ts";
import { useClientDays } from "./api.ts";
import { type Column, StatTable } from "./StatTable.tsx";
import { firstTotal } from "./totals.ts";

export const CLIENT_DAYS_FAILED = "Не удалось загрузить продажи клиента по дням";

type Key = "date" | "weekday" | "hasOrders" | "total";

const yesNo = (d: TClientDay) => (d.has_orders ? "Да" : "Нет");
const date = (d: TClientDay) => russianDate(d.date);
const sums = (d: TClientDay) => moneyList(d.totals);

const COLUMNS: Column<TClientDay, Key>[] = [
  { key: "date", label: "Дата", sortValue: (d) => d.date, render: date, exportValue: date },
  {
    key: "weekday",
    label: "День недели",
    // Monday first, as the Russian week goes.
    sortValue: (d) => (dayjs(d.date).day() + 6) % 7,
    render: (d) => d.weekday,
    exportValue: (d) => d.weekday,
  },
  { key: "hasOrders", label: "Покупал", sortValue: yesNo, render: yesNo },
  {
    key: "total",
    label: "Сумма",
    align: "right",
    sortValue: (d) => firstTotal(d.totals),
    render: sums,
    exportValue: sums,
  },
];

type Props = { clientId: number | null; title: string; from: string; to: string; onClose: () => void };

/** «Продажи клиента по дням»: every day of the range; days without orders are highlighted. */
export function ClientDaysDialog({ clientId, title, from, to, onClose }: Props) {
  const days = useClientDays(clientId, from, to);

  // Spec: a failed load is logged and the dialog shows its empty state. The server's reason is shown too:
  // the usual one, a range longer than the per-day limit, is the user's to fix with От / До.
  useEffect(() => {
    if (days.error) console.error(CLIENT_DAYS_FAILED, days.error);
  }, [days.error]);

  const reason = failureReason(days.error);
  return (
    <Dialog open={clientId !== null} onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>
        Продажи клиента по дням
        <Typography variant="body2" color="text.secondary">
          {title}
        </Typography>
      </DialogTitle>
      <DialogContent dividers>
        {days.isPending ? (
          <CircularProgress size={24} />
        ) : (
          <Stack spacing={1}>
            {days.isError && (
              <Typography color="error" role="alert">
                {reason ? `${CLIENT_DAYS_FAILED}. ${reason}` : CLIENT_DAYS_FAILED}
              </Typography>
            )}
            <StatTable
              columns={COLUMNS}
              rows={days.data ?? []}
              rowKey={(d) => d.date}
              initialSort={{ key: "date", direction: "asc" }}
              exportName={`Продажи_клиента_${clientId}_${from}_${to}`}
              rowSx={(d) => (d.has_orders ? {} : { bgcolor: "warning.light" })}
              rowTestId={(d) => (d.has_orders ? "day-with-orders" : "day-without-orders")}
              // The days' exact sum, floored once: the client's «Общая сумма» in the per-client tab.
              totals={{
                label: "Итого",
                column: "total",
                amounts: (days.data ?? []).map((d) => d.totals),
                testId: "client-days-total",
              }}
              testId="client-days"
            />
          </Stack>
        )}
      </DialogContent>
    </Dialog>
  );
}
