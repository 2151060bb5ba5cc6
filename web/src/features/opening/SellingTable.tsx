import { Table, TableBody, TableCell, TableHead, TableRow, Typography } from "@mui/material";
import { FEW_LEFT, type TMarketOpening } from "@wholesale/contract";
import { formatStopwatch } from "../../lib/dates.ts";
import { stackedBelow } from "../../ui/stacked-table.ts";

type Selling = TMarketOpening["selling"][number];

/** What is left as staff see the stock: the figure, with the word clients are told when it is few or none. */
function leftText(left: number): string {
  if (left <= 0) return "нет";
  return left <= FEW_LEFT ? `${left}, мало` : String(left);
}

const COLUMNS = [
  { label: "Модификация", align: "left", cell: (m: Selling) => m.name },
  { label: "Продано", align: "right", cell: (m: Selling) => m.sold },
  { label: "Осталось", align: "right", cell: (m: Selling) => leftText(m.left) },
  {
    label: "Раскуплено за",
    align: "right",
    cell: (m: Selling) => (m.seconds_to_sell_out === null ? "—" : formatStopwatch(m.seconds_to_sell_out)),
  },
] as const;

/** «Раскупают»: the modifications sold since the opening, the most first; a sold-out one says how fast it went. */
export function SellingTable({ selling }: { selling: Selling[] }) {
  if (selling.length === 0)
    return (
      <Typography color="text.secondary" data-testid="selling-empty">
        Пока ничего не продано
      </Typography>
    );
  return (
    <Table size="small" sx={stackedBelow("sm")} data-testid="selling">
      <TableHead>
        <TableRow>
          {COLUMNS.map((c) => (
            <TableCell key={c.label} align={c.align}>
              {c.label}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {selling.map((m) => (
          <TableRow key={m.id} data-testid="selling-row">
            {COLUMNS.map((c) => (
              <TableCell key={c.label} align={c.align} data-label={c.label}>
                {c.cell(m)}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
