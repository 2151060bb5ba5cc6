import DownloadIcon from "@mui/icons-material/Download";
import type { SxProps, Theme } from "@mui/material";
import {
  Box,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TableSortLabel,
  Typography,
} from "@mui/material";
import { sumCurrencyTotals, type TCurrencyTotal, unitsDroppedByFloors } from "@wholesale/contract";
import { type ReactNode, useMemo } from "react";
import { moneyList } from "../../lib/money.ts";
import { DownloadButton } from "../../notices/download.tsx";
import { OPENABLE_ROW_SX, openableRow } from "../../ui/openable-row.ts";
import { stackedBelow } from "../../ui/stacked-table.ts";
import { type ExportCell, exportXlsx } from "./export-xlsx.ts";
import { type Sort, type SortValue, sortRows, useSort } from "./sorting.ts";

export const EMPTY_TEXT = "Нет данных для отображения";

export type Column<T, K extends string> = {
  key: K;
  label: string;
  align?: "left" | "right";
  /** What the column sorts by. */
  sortValue: (row: T) => SortValue;
  render: (row: T) => ReactNode;
  /** The cell in the downloaded file; defaults to the sort value. */
  exportValue?: (row: T) => ExportCell;
};

/**
 * The totals line shown above the table («Всего: …»), under `column` in the download's last row: the exact sum
 * of `amounts` (each row's amounts in that column, as the API sent them), floored once unless `floor` is false
 * (part 2's unfloored per-day tabs). Floored rows add up to less than a floored total by their kopecks: the
 * line below says how much, and the download has it as a row before the total.
 */
export type TableTotals<K extends string> = {
  label: string;
  column: K;
  amounts: TCurrencyTotal[][];
  floor?: boolean;
  testId?: string;
};

export const DROPPED_LABEL = "Копейки строк";
/** The line under a floored total whose rows' kopecks make whole units, before those units. */
const DROPPED_NOTE = "В строках копейки отброшены, вместе они дают";

/** What the totals line shows: the total and, when the rows' floors leave units out, those units. */
function shownTotals<K extends string>({ amounts, floor = true }: TableTotals<K>) {
  const dropped = floor ? unitsDroppedByFloors(amounts) : [];
  return {
    value: moneyList(sumCurrencyTotals(amounts), floor),
    dropped: dropped.length ? moneyList(dropped) : undefined,
  };
}

type Props<T, K extends string> = {
  columns: Column<T, K>[];
  rows: T[];
  rowKey: (row: T) => string | number;
  initialSort: Sort<K>;
  /** File and sheet name of the xlsx download. */
  exportName: string;
  onRowClick?: (row: T) => void;
  rowSx?: (row: T) => SxProps<Theme>;
  rowTestId?: (row: T) => string;
  totals?: TableTotals<K>;
  testId?: string;
};

/** A labelled figure as a download row: the label in the first column, the value in the totals' column. */
function labelledRow<T, K extends string>(columns: Column<T, K>[], column: K, label: string, value: string) {
  return columns.map((c, i): ExportCell => {
    if (c.key === column) return i === 0 ? `${label}: ${value}` : value;
    return i === 0 ? label : null;
  });
}

/**
 * A header's label that wraps between its words but keeps its last word on the sort arrow's line. The arrow
 * follows the label inline: as a flex item beside a label wrapped onto two lines it floated at the column's far
 * side, by the next column's label, and an inline arrow after a wrapping label could drop onto a line of its
 * own. So the label (inside a label that does not wrap) wraps up to its last word, which stays, unwrapped, with
 * the arrow.
 */
function SortLabelText({ label }: { label: string }) {
  const cut = label.lastIndexOf(" ");
  if (cut < 0) return label;
  return (
    <>
      <Box component="span" sx={{ whiteSpace: "normal" }}>
        {label.slice(0, cut + 1)}
      </Box>
      {label.slice(cut + 1)}
    </>
  );
}

/**
 * A statistics table: every header sorts (a second click reverses); the xlsx download has the rows as shown,
 * then the totals when the screen shows them.
 */
export function StatTable<T, K extends string>({
  columns,
  rows,
  rowKey,
  initialSort,
  exportName,
  onRowClick,
  rowSx,
  rowTestId,
  totals,
  testId,
}: Props<T, K>) {
  const { sort, onSort } = useSort(initialSort);
  const sorted = useMemo(
    () =>
      sortRows(rows, sort, (row, key) => {
        const column = columns.find((c) => c.key === key);
        return column ? column.sortValue(row) : 0;
      }),
    [rows, sort, columns],
  );

  const shown = totals && shownTotals(totals);

  const download = async () => {
    const cells = sorted.map((row) => columns.map((c) => (c.exportValue ?? c.sortValue)(row)));
    if (totals && shown) {
      if (shown.dropped) cells.push(labelledRow(columns, totals.column, DROPPED_LABEL, shown.dropped));
      cells.push(labelledRow(columns, totals.column, totals.label, shown.value));
    }
    const name = `${exportName}.xlsx`;
    await exportXlsx(
      name,
      exportName,
      columns.map((c) => c.label),
      cells,
    );
    return name;
  };

  return (
    <Box>
      <Box sx={{ display: "flex", alignItems: "center", gap: 2, mb: 1, flexWrap: "wrap" }}>
        <Box sx={{ flexGrow: 1 }}>
          {totals && shown && (
            <>
              <Typography fontWeight={600} data-testid={totals.testId}>
                {totals.label}: {shown.value}
              </Typography>
              {shown.dropped && (
                <Typography variant="body2" color="text.secondary" data-testid="dropped-kopecks">
                  {DROPPED_NOTE}{" "}
                  {/* The amounts stay on one line: «5 ₽ ·» alone at a line's end reads as a figure of its own. */}
                  <Box component="span" sx={{ whiteSpace: "nowrap" }}>
                    {shown.dropped}
                  </Box>
                </Typography>
              )}
            </>
          )}
        </Box>
        <DownloadButton
          size="small"
          startIcon={<DownloadIcon />}
          save={download}
          disabled={sorted.length === 0}
        >
          Скачать xlsx
        </DownloadButton>
      </Box>
      {sorted.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 3, textAlign: "center" }}>
          {EMPTY_TEXT}
        </Typography>
      ) : (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" data-testid={testId} sx={stackedBelow("sm", { sortable: true })}>
            <TableHead>
              <TableRow>
                {columns.map((c) => (
                  <TableCell
                    key={c.key}
                    align={c.align}
                    sortDirection={sort.key === c.key ? sort.direction : false}
                    sx={{ verticalAlign: "bottom" }}
                  >
                    <TableSortLabel
                      active={sort.key === c.key}
                      direction={sort.key === c.key ? sort.direction : "asc"}
                      onClick={() => onSort(c.key)}
                      sx={{
                        display: "inline",
                        whiteSpace: "nowrap",
                        "& .MuiTableSortLabel-icon": { verticalAlign: "middle" },
                      }}
                    >
                      <SortLabelText label={c.label} />
                    </TableSortLabel>
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {sorted.map((row) => (
                <TableRow
                  key={rowKey(row)}
                  data-testid={rowTestId?.(row)}
                  hover={Boolean(onRowClick)}
                  {...(onRowClick ? openableRow(() => onRowClick(row)) : {})}
                  sx={{ ...(onRowClick ? OPENABLE_ROW_SX : {}), ...(rowSx?.(row) as object) }}
                >
                  {columns.map((c) => (
                    <TableCell key={c.key} align={c.align} data-label={c.label}>
                      {c.render(row)}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Box>
  );
}
