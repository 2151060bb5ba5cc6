import { useTheme } from "@mui/material";
import { LineChart } from "@mui/x-charts/LineChart";
import type { TMarketOpening } from "@wholesale/contract";
import { formatClockTime } from "../../lib/dates.ts";

/**
 * Positions and new orders over time, a point a bucket: the rush's shape at a glance. Loaded apart from the page,
 * so the chart library is not in its first download. The drawing is hidden from screen readers by the library;
 * the page names it and tells it in words.
 */
export default function OpeningChart({ opening }: { opening: TMarketOpening }) {
  const theme = useTheme();
  const { timeline, bucket_seconds: bucket } = opening;
  return (
    <LineChart
      height={260}
      // Room for the last time under the axis's end, which a phone's narrow chart would cut.
      margin={{ right: 32 }}
      xAxis={[
        {
          scaleType: "time",
          data: timeline.map((p) => new Date(p.at)),
          valueFormatter: (at: Date) => formatClockTime(at.toISOString()),
          tickMinStep: bucket * 1000,
          tickNumber: 4,
        },
      ]}
      yAxis={[{ width: 40, tickMinStep: 1 }]}
      series={[
        {
          id: "positions",
          label: "Позиции",
          data: timeline.map((p) => p.positions),
          showMark: false,
          curve: "linear",
          color: theme.palette.primary.main,
        },
        {
          id: "orders",
          label: "Новые заказы",
          data: timeline.map((p) => p.orders),
          showMark: false,
          curve: "linear",
          color: theme.palette.warning.main,
        },
      ]}
    />
  );
}
