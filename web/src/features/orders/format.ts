import type { SxProps, Theme } from "@mui/material";
import type { TOrderTotal, TPositionStatus } from "@wholesale/contract";

const integer = new Intl.NumberFormat("ru-RU", { maximumFractionDigits: 0 });

/** Amounts are shown floored to whole units, with the currency sign, as the spec asks. */
export const formatMoney = (amount: number, sign: string) => `${integer.format(Math.floor(amount))} ${sign}`;

export const formatTotals = (totals: TOrderTotal[]) =>
  totals.length ? totals.map((t) => formatMoney(t.amount, t.currency_sign)).join(" · ") : "—";

/** Sent-to-collect positions are green; collected ones are struck through. */
export const positionSx = (status: TPositionStatus): SxProps<Theme> =>
  status === "sent_to_collect"
    ? { color: "success.main" }
    : status === "collected"
      ? { textDecoration: "line-through", color: "text.secondary" }
      : {};
