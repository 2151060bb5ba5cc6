import type { Breakpoint, SxProps, Theme } from "@mui/material";

/**
 * A table's `sx` that, on a screen narrower than `below`, shows each row as a card: every cell on its own line
 * after its column's name (the cell's `data-label`), so no column, a sum least of all, hides past the right
 * edge. A `sortable` header stays as a wrapped row of its labels, which still sort; any other is only read
 * out (the labels already stand by the values). `minWidth` is the table's natural width, kept where it is
 * a table. Rows and cells keep their table roles, so the page reads the same to a screen reader and to tests.
 */
export const stackedBelow =
  (below: Breakpoint = "sm", { sortable = false, minWidth = 0 } = {}): SxProps<Theme> =>
  (theme) => ({
    [theme.breakpoints.up(below)]: { minWidth },
    [theme.breakpoints.down(below)]: {
      // The table itself too: as a table it would still widen to its longest unbroken line.
      display: "block",
      "& thead, & tbody, & tfoot": { display: "block" },
      "& thead": sortable
        ? {}
        : { position: "absolute", width: "1px", height: "1px", overflow: "hidden", clipPath: "inset(50%)" },
      "& thead tr": { display: "flex", flexWrap: "wrap", columnGap: 1, px: 1 },
      "& thead th": { display: "block", border: 0, px: 0.5, py: 0.5 },
      "& tbody tr, & tfoot tr": { display: "block", borderBottom: 1, borderColor: "divider", px: 1, py: 1 },
      "& tbody td, & tfoot td": {
        display: "flex",
        // A right-aligned (number) cell is a reversed row in MUI: label first, value last, in every cell.
        flexDirection: "row",
        justifyContent: "space-between",
        alignItems: "center",
        gap: 2,
        border: 0,
        px: 0.5,
        py: 0.25,
        textAlign: "right",
        maxWidth: "none",
      },
      "& tbody td[data-label]::before, & tfoot td[data-label]::before": {
        content: "attr(data-label)",
        color: "text.secondary",
        textAlign: "left",
        flexShrink: 0,
        // The label takes the free room: a cell of several buttons keeps them together at the right.
        marginRight: "auto",
      },
    },
  });
