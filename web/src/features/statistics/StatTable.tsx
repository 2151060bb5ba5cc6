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
import { type ReactNode, useMemo } from "react";
import { DownloadButton } from "../../ui/download.tsx";
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

/** The totals line shown above the table («Всего: …»); the download ends with it, its value under `column`. */
export type TableTotals<K extends string> = { label: string; value: string; column: K; testId?: string };

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

/** The totals as the download's last row: the label in the first column, the value in its own. */
function totalsRow<T, K extends string>(columns: Column<T, K>[], totals: TableTotals<K>): ExportCell[] {
  return columns.map((c, i) => {
    if (c.key === totals.column) return i === 0 ? `${totals.label}: ${totals.value}` : totals.value;
    return i === 0 ? totals.label : null;
  });
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

  const download = async () => {
    const cells = sorted.map((row) => columns.map((c) => (c.exportValue ?? c.sortValue)(row)));
    if (totals) cells.push(totalsRow(columns, totals));
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
          {totals && (
            <Typography fontWeight={600} data-testid={totals.testId}>
              {totals.label}: {totals.value}
            </Typography>
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
                    {/* A number column's arrow goes before its label, by the figures it sorts, rather than
                        floating past a label wrapped onto two lines. */}
                    <TableSortLabel
                      active={sort.key === c.key}
                      direction={sort.key === c.key ? sort.direction : "asc"}
                      onClick={() => onSort(c.key)}
                      sx={c.align === "right" ? { flexDirection: "row-reverse" } : undefined}
                    >
                      {c.label}
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
                  onClick={onRowClick ? () => onRowClick(row) : undefined}
                  sx={{ cursor: onRowClick ? "pointer" : undefined, ...(rowSx?.(row) as object) }}
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
