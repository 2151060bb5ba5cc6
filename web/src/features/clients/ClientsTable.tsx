import {
  Chip,
  LinearProgress,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  Tooltip,
} from "@mui/material";
import type { TClient, TClientGroup, TClientTab, TTransportation } from "@wholesale/contract";
import { useState } from "react";
import { FullScreenLoader } from "../../ui/FullScreenLoader.tsx";
import { OPENABLE_ROW_SX, openableRow } from "../../ui/openable-row.ts";
import { stackedBelow } from "../../ui/stacked-table.ts";
import { useClientsPage } from "./api.ts";
import { ClientDialog } from "./ClientDialog.tsx";
import { clientStatus, volumeLabel } from "./status.ts";

const PAGE_SIZES = [25, 50, 100];
// Short values stay on one line; the long free-text column (organization) takes the wrapping.
const ONE_LINE = { whiteSpace: "nowrap" } as const;
/**
 * Nine columns in a 1440px screen beside the menu: MUI's 16px cell padding took 288px, so the organization was
 * squeezed to three lines and «Статус» cut off at the right edge. Half of it leaves them room.
 */
const DENSE_CELLS = { "& th, & td": { px: 1 } } as const;

type Props = {
  /** Undefined on tab 0, which lists every active client. */
  tab: TClientTab | undefined;
  search: string;
  groups: TClientGroup[];
  transportations: TTransportation[];
};

/** One server page at a time, so thousands of clients cost one small query per page. */
export function ClientsTable({ tab, search, groups, transportations }: Props) {
  const [pageIndex, setPageIndex] = useState(0);
  const [pageSize, setPageSize] = useState(50);
  const [selected, setSelected] = useState<TClient | null>(null);
  const [filterKey, setFilterKey] = useState(`${tab}|${search}`);
  // A new tab or search starts from the first page.
  if (filterKey !== `${tab}|${search}`) {
    setFilterKey(`${tab}|${search}`);
    setPageIndex(0);
  }
  const clients = useClientsPage({
    onlyActive: tab === undefined,
    tab,
    search: search || undefined,
    limit: pageSize,
    offset: pageIndex * pageSize,
  });
  const groupName = (id: number | null) => groups.find((g) => g.id === id)?.name ?? "—";
  const directionName = (id: number | null) => transportations.find((d) => d.id === id)?.name ?? "—";
  const rows = clients.data?.results ?? [];

  return (
    <Paper>
      <FullScreenLoader open={clients.isPending} />
      {clients.isFetching && !clients.isPending ? (
        <LinearProgress />
      ) : (
        <LinearProgress sx={{ visibility: "hidden" }} />
      )}
      {/* The cards' own padding (stackedBelow's more specific rules) still applies on a phone. */}
      <TableContainer sx={DENSE_CELLS}>
        <Table size="small" aria-label="Клиенты" sx={stackedBelow()}>
          <TableHead>
            <TableRow>
              <TableCell>ID</TableCell>
              <TableCell>Имя в Telegram</TableCell>
              <TableCell>Организация</TableCell>
              <TableCell>Имя</TableCell>
              <TableCell>Группа</TableCell>
              <TableCell>Направление</TableCell>
              <TableCell>Объем</TableCell>
              <TableCell>Телефон</TableCell>
              <TableCell>Статус</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((c) => (
              <TableRow key={c.id} hover sx={OPENABLE_ROW_SX} {...openableRow(() => setSelected(c))}>
                <TableCell data-label="ID" sx={ONE_LINE}>
                  {c.id}
                </TableCell>
                <TableCell data-label="Имя в Telegram">
                  {c.telegram_username ?? "—"}
                  {c.telegram_unreachable_at && (
                    <Tooltip title="Клиент заблокировал бота: сообщения ему не доставляются, пока он снова не напишет боту">
                      <Chip
                        label="Бот заблокирован"
                        size="small"
                        color="warning"
                        variant="outlined"
                        sx={{ ml: 1 }}
                      />
                    </Tooltip>
                  )}
                </TableCell>
                <TableCell data-label="Организация">{c.organization_name}</TableCell>
                <TableCell data-label="Имя" sx={ONE_LINE}>
                  {c.nickname}
                </TableCell>
                <TableCell data-label="Группа" sx={ONE_LINE}>
                  {groupName(c.group)}
                </TableCell>
                <TableCell data-label="Направление" sx={ONE_LINE}>
                  {directionName(c.transportation)}
                </TableCell>
                <TableCell data-label="Объем" sx={ONE_LINE}>
                  {volumeLabel(c.client_type)}
                </TableCell>
                <TableCell data-label="Телефон" sx={ONE_LINE}>
                  {c.phone_number ?? "—"}
                </TableCell>
                <TableCell data-label="Статус" sx={ONE_LINE}>
                  {clientStatus(c)}
                </TableCell>
              </TableRow>
            ))}
            {clients.isSuccess && rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={9} align="center">
                  Клиенты не найдены
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={clients.data?.count ?? 0}
        page={pageIndex}
        rowsPerPage={pageSize}
        rowsPerPageOptions={PAGE_SIZES}
        onPageChange={(_e, next) => setPageIndex(next)}
        onRowsPerPageChange={(e) => {
          setPageSize(Number(e.target.value));
          setPageIndex(0);
        }}
        labelRowsPerPage="Строк на странице:"
        labelDisplayedRows={({ from, to, count }) => `${from}–${to} из ${count}`}
      />
      {selected && (
        <ClientDialog
          client={selected}
          groups={groups}
          transportations={transportations}
          onClose={() => setSelected(null)}
        />
      )}
    </Paper>
  );
}
