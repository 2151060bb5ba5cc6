import {
  CircularProgress,
  Dialog,
  DialogContent,
  DialogTitle,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from "@mui/material";
import { useClientDays } from "./api.ts";
import { moneyList, russianDate } from "./format.ts";
import { EMPTY_TEXT } from "./StatTable.tsx";

type Props = { clientId: number | null; title: string; from: string; to: string; onClose: () => void };

/** «Продажи клиента по дням»: every day of the range; days without orders are highlighted. */
export function ClientDaysDialog({ clientId, title, from, to, onClose }: Props) {
  // Spec: a failed load is only logged and the dialog shows its empty state.
  const days = useClientDays(clientId, from, to);
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
        ) : !days.data?.length ? (
          <Typography color="text.secondary">{EMPTY_TEXT}</Typography>
        ) : (
          <Table size="small" data-testid="client-days">
            <TableHead>
              <TableRow>
                <TableCell>Дата</TableCell>
                <TableCell>День недели</TableCell>
                <TableCell>Покупал</TableCell>
                <TableCell align="right">Сумма</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {days.data.map((d) => (
                <TableRow
                  key={d.date}
                  data-testid={d.has_orders ? "day-with-orders" : "day-without-orders"}
                  sx={d.has_orders ? undefined : { bgcolor: "warning.light" }}
                >
                  <TableCell>{russianDate(d.date)}</TableCell>
                  <TableCell>{d.weekday}</TableCell>
                  <TableCell>{d.has_orders ? "Да" : "Нет"}</TableCell>
                  <TableCell align="right">{moneyList(d.totals)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </DialogContent>
    </Dialog>
  );
}
