import type { SxProps, Theme } from "@mui/material";
import type { TOrderTotal, TPositionStatus } from "@wholesale/contract";
import { formatMoney } from "../../lib/money.ts";

export const formatTotals = (totals: TOrderTotal[]) =>
  totals.length ? totals.map((t) => formatMoney(t.amount, t.currency_sign)).join(" · ") : "—";

/** Sent-to-collect positions are green; collected ones are struck through. */
export const positionSx = (status: TPositionStatus): SxProps<Theme> =>
  status === "sent_to_collect"
    ? { color: "success.main" }
    : status === "collected"
      ? { textDecoration: "line-through", color: "text.secondary" }
      : {};
