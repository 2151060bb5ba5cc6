import { Box, Card, CardContent, Grid, Typography } from "@mui/material";
import { BarChart } from "@mui/x-charts/BarChart";
import { LineChart } from "@mui/x-charts/LineChart";
import type { TDashboard } from "@wholesale/contract";
import { dayAndMonth } from "../../lib/dates.ts";
import { formatAmount } from "../../lib/money.ts";

type Sales = NonNullable<TDashboard["sales"]>;

const compact = new Intl.NumberFormat("ru-RU", { notation: "compact", maximumFractionDigits: 1 });

/**
 * One currency's sales over the days. Each currency has its own chart and axis: sums in different
 * currencies are never added, and on a shared axis the rouble's thousands flatten the dollar's tens.
 */
function SalesChart({ days, sign }: { days: Sales["last_30_days"]; sign: string }) {
  return (
    <LineChart
      height={220}
      xAxis={[{ scaleType: "point", data: days.map((d) => dayAndMonth(d.date)) }]}
      yAxis={[{ width: 64, valueFormatter: (v: number | null) => (v === null ? "" : compact.format(v)) }]}
      series={[
        {
          label: sign,
          showMark: false,
          valueFormatter: (v: number | null) => (v === null ? "" : formatAmount(v, sign)),
          data: days.map((d) => d.totals.find((t) => t.currency_sign === sign)?.total ?? 0),
        },
      ]}
      hideLegend
    />
  );
}

function TopBrandsChart({ brands }: { brands: Sales["top_brands"] }) {
  if (brands.length === 0)
    return (
      <Typography color="text.secondary" sx={{ py: 4, textAlign: "center" }}>
        Сегодня продаж ещё нет
      </Typography>
    );
  return (
    <BarChart
      height={260}
      layout="horizontal"
      yAxis={[{ scaleType: "band", data: brands.map((b) => b.name), width: 110 }]}
      series={[{ label: "Продано, шт.", data: brands.map((b) => b.quantity) }]}
    />
  );
}

/** The dashboard's two charts; loaded apart from the page so the chart library is not in the first bundle. */
export default function DashboardCharts({ sales }: { sales: Sales }) {
  const days = sales.last_30_days;
  const signs = [...new Set(days.flatMap((d) => d.totals.map((t) => t.currency_sign)))];
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, lg: 7 }}>
        <Card variant="outlined" data-testid="sales-chart">
          <CardContent>
            <Typography variant="subtitle1" component="h2">
              Продажи за 30 дней
            </Typography>
            {signs.map((sign) => (
              <Box key={sign} data-testid={`sales-chart-${sign}`}>
                {signs.length > 1 && (
                  <Typography variant="body2" color="text.secondary">
                    Сумма, {sign}
                  </Typography>
                )}
                <SalesChart days={days} sign={sign} />
              </Box>
            ))}
          </CardContent>
        </Card>
      </Grid>
      <Grid size={{ xs: 12, lg: 5 }}>
        <Card variant="outlined" data-testid="brands-chart">
          <CardContent>
            <Typography variant="subtitle1" component="h2">
              Брэнды дня
            </Typography>
            <TopBrandsChart brands={sales.top_brands} />
          </CardContent>
        </Card>
      </Grid>
    </Grid>
  );
}
