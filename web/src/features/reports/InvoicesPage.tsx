import DeleteIcon from "@mui/icons-material/Delete";
import DownloadIcon from "@mui/icons-material/Download";
import {
  Autocomplete,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Paper,
  Stack,
  Tab,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tabs,
  TextField,
  Tooltip,
  Typography,
} from "@mui/material";
import {
  CLIENT_TYPE_LARGE,
  CLIENT_TYPE_SMALL,
  clientDisplayName,
  type TClientReport,
  type TDailyReport,
  type TOrderClient,
} from "@wholesale/contract";
import { useState } from "react";
import { russianDate, todayInMoscow } from "../../lib/dates.ts";
import { moneyList } from "../../lib/money.ts";
import { DownloadIconButton } from "../../notices/download.tsx";
import { can, useSession } from "../../session/session.ts";
import { ConfirmDeleteDialog } from "../../ui/ConfirmDeleteDialog.tsx";
import { stackedBelow } from "../../ui/stacked-table.ts";
import { useClientsWithOrders } from "../orders/index.ts";
import {
  downloadReportFile,
  useDailyReports,
  useDeleteReport,
  useInvoices,
  useMakeDailyReport,
  useMakeInvoice,
} from "./api.ts";

export const EMPTY_REPORTS = "Пока данных нет";

/** Part 2 §8: who an invoice is for, as the server names the client (every role sees it), or that it is gone. */
export const invoiceClientName = (report: Pick<TClientReport, "client_name">): string =>
  report.client_name ?? "Неизвестный пользователь";

/** A date or a sum broken over two lines on a phone reads as two values. */
const NO_WRAP = { whiteSpace: "nowrap" } as const;

type Deleting = { kind: "client" | "general"; id: number; label: string } | null;

function Actions({
  report,
  label,
  canManage,
  onDelete,
}: {
  report: { id: number; file: string };
  label: string;
  canManage: boolean;
  onDelete: () => void;
}) {
  return (
    <>
      <DownloadIconButton
        label={`Скачать ${label}`}
        icon={<DownloadIcon />}
        save={() => downloadReportFile(report.file, `report_${report.id}`)}
      />
      {canManage && (
        <Tooltip title="Удалить">
          <IconButton aria-label={`Удалить ${label}`} onClick={onDelete}>
            <DeleteIcon />
          </IconButton>
        </Tooltip>
      )}
    </>
  );
}

function ListFooter({
  hasMore,
  loading,
  onMore,
}: {
  hasMore: boolean;
  loading: boolean;
  onMore: () => void;
}) {
  if (!hasMore) return null;
  return (
    <Button onClick={onMore} disabled={loading} sx={{ m: 1 }}>
      Загрузить ещё
    </Button>
  );
}

function InvoiceList({
  clientType,
  canManage,
  onDelete,
}: {
  clientType: number;
  canManage: boolean;
  onDelete: (d: Deleting) => void;
}) {
  const invoices = useInvoices(clientType);
  const rows: TClientReport[] = invoices.data?.pages.flatMap((p) => p.results) ?? [];
  if (invoices.isPending) return null;
  if (rows.length === 0) return <Typography color="text.secondary">{EMPTY_REPORTS}</Typography>;
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" data-testid="invoices" sx={stackedBelow()}>
        <TableHead>
          <TableRow>
            <TableCell>Дата</TableCell>
            <TableCell>Пользователь</TableCell>
            <TableCell align="right">Сумма</TableCell>
            <TableCell align="right">Действия</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((r) => {
            const name = invoiceClientName(r);
            return (
              <TableRow key={r.id}>
                <TableCell data-label="Дата" sx={NO_WRAP}>
                  {russianDate(r.day)}
                </TableCell>
                <TableCell data-label="Пользователь">{name}</TableCell>
                <TableCell align="right" data-label="Сумма" sx={NO_WRAP}>
                  {moneyList(r.totals)}
                </TableCell>
                <TableCell align="right" data-label="Действия" sx={NO_WRAP}>
                  <Actions
                    report={r}
                    label={r.name}
                    canManage={canManage}
                    onDelete={() =>
                      onDelete({ kind: "client", id: r.id, label: `${name}, ${russianDate(r.day)}` })
                    }
                  />
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
      <ListFooter
        hasMore={invoices.hasNextPage}
        loading={invoices.isFetchingNextPage}
        onMore={() => void invoices.fetchNextPage()}
      />
    </TableContainer>
  );
}

function DailyList({ canManage, onDelete }: { canManage: boolean; onDelete: (d: Deleting) => void }) {
  const reports = useDailyReports();
  const rows: TDailyReport[] = reports.data?.pages.flatMap((p) => p.results) ?? [];
  if (reports.isPending) return null;
  if (rows.length === 0) return <Typography color="text.secondary">{EMPTY_REPORTS}</Typography>;
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" data-testid="daily-reports" sx={stackedBelow()}>
        <TableHead>
          <TableRow>
            <TableCell>Дата</TableCell>
            <TableCell align="right">Действия</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((r) => (
            <TableRow key={r.id}>
              <TableCell data-label="Дата" sx={NO_WRAP}>
                {russianDate(r.day)}
              </TableCell>
              <TableCell align="right" data-label="Действия" sx={NO_WRAP}>
                <Actions
                  report={r}
                  label={r.name}
                  canManage={canManage}
                  onDelete={() => onDelete({ kind: "general", id: r.id, label: russianDate(r.day) })}
                />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <ListFooter
        hasMore={reports.hasNextPage}
        loading={reports.isFetchingNextPage}
        onMore={() => void reports.fetchNextPage()}
      />
    </TableContainer>
  );
}

/** An invoice is made of a client's orders of a day: the day comes first, then only who ordered on it. */
function MakeInvoiceDialog({
  open,
  onClose,
  onMade,
}: {
  open: boolean;
  onClose: () => void;
  onMade: (invoice: TClientReport) => void;
}) {
  const [client, setClient] = useState<TOrderClient | null>(null);
  const [date, setDate] = useState(todayInMoscow);
  const ordered = useClientsWithOrders(open ? date : "");
  const options = (ordered.data ?? []).toSorted((a, b) =>
    clientDisplayName(a).localeCompare(clientDisplayName(b), "ru"),
  );
  const make = useMakeInvoice();
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>Сделать накладную</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            type="date"
            label="Дата"
            value={date}
            onChange={(e) => {
              setDate(e.target.value);
              setClient(null);
            }}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <Autocomplete
            options={options}
            value={client}
            onChange={(_, v) => setClient(v)}
            getOptionLabel={clientDisplayName}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            loading={ordered.isFetching}
            loadingText="Загрузка…"
            noOptionsText={date ? `${russianDate(date)} никто не заказывал` : "Выберите дату"}
            renderInput={(params) => <TextField {...params} label="Клиент" />}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Отмена</Button>
        <Button
          variant="contained"
          disabled={!client || !date || make.isPending}
          onClick={() =>
            client &&
            make.mutate(
              { client_id: client.id, date },
              {
                onSuccess: (invoice) => {
                  onMade(invoice);
                  onClose();
                },
              },
            )
          }
        >
          Сделать
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function MakeDailyDialog({
  open,
  onClose,
  onMade,
}: {
  open: boolean;
  onClose: () => void;
  onMade: () => void;
}) {
  const [date, setDate] = useState(todayInMoscow);
  const make = useMakeDailyReport();
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>Сделать отчет за день</DialogTitle>
      <DialogContent>
        <TextField
          type="date"
          label="Дата"
          value={date}
          onChange={(e) => setDate(e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
          sx={{ mt: 1 }}
          fullWidth
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Отмена</Button>
        <Button
          variant="contained"
          disabled={!date || make.isPending}
          onClick={() =>
            make.mutate(date, {
              onSuccess: () => {
                onMade();
                onClose();
              },
            })
          }
        >
          Сделать
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * Invoices (накладные) per client and day, and the daily reports («Накладные по датам»). Its own section,
 * not a statistics tab: the storehouse hands goods over with the invoice but may not open the statistics.
 * What was just made is shown: a new invoice opens its wholesale type's list, a new daily report its tab.
 */
export default function InvoicesPage() {
  const { myUser } = useSession();
  const canManage = can(myUser, "reports.manage");
  const [tab, setTab] = useState(0);
  const [type, setType] = useState<number>(CLIENT_TYPE_SMALL);
  const [deleting, setDeleting] = useState<Deleting>(null);
  const [making, setMaking] = useState<"invoice" | "daily" | null>(null);
  const remove = useDeleteReport();

  return (
    <Stack spacing={2}>
      <Paper>
        <Stack direction="row" alignItems="center" justifyContent="space-between" flexWrap="wrap">
          <Tabs value={tab} onChange={(_, v: number) => setTab(v)} aria-label="Накладные">
            <Tab label="Все накладные" />
            <Tab label="Накладные по датам" />
          </Tabs>
          {canManage && (
            <Stack direction="row" spacing={1} sx={{ px: 1 }}>
              <Button onClick={() => setMaking("invoice")}>Сделать накладную</Button>
              <Button onClick={() => setMaking("daily")}>Сделать отчет за день</Button>
            </Stack>
          )}
        </Stack>
      </Paper>
      {tab === 0 && (
        <>
          <Tabs value={type} onChange={(_, v: number) => setType(v)} aria-label="Тип опта">
            <Tab value={CLIENT_TYPE_SMALL} label="Малый опт" />
            <Tab value={CLIENT_TYPE_LARGE} label="Крупный опт" />
          </Tabs>
          <InvoiceList clientType={type} canManage={canManage} onDelete={setDeleting} />
        </>
      )}
      {tab === 1 && <DailyList canManage={canManage} onDelete={setDeleting} />}
      <ConfirmDeleteDialog
        open={deleting !== null}
        label={deleting?.label}
        onConfirm={() => deleting && remove.mutate({ kind: deleting.kind, id: deleting.id })}
        onClose={() => setDeleting(null)}
      />
      <MakeInvoiceDialog
        open={making === "invoice"}
        onClose={() => setMaking(null)}
        onMade={(invoice) => {
          setTab(0);
          setType(invoice.client_type);
        }}
      />
      <MakeDailyDialog open={making === "daily"} onClose={() => setMaking(null)} onMade={() => setTab(1)} />
    </Stack>
  );
}
