import {
  Box,
  Card,
  CardContent,
  CircularProgress,
  Grid,
  Stack,
  Typography,
  useMediaQuery,
  useTheme,
} from "@mui/material";
import type { TMarketOpening } from "@wholesale/contract";
import { lazy, type ReactNode, Suspense, useId } from "react";
import { formatRecentMoment } from "../../lib/dates.ts";
import { usePageTitle } from "../../ui/page-title.ts";
import { useMarketOpening } from "./api.ts";
import { OpeningFigures } from "./OpeningFigures.tsx";
import { OpeningNotices } from "./OpeningNotices.tsx";
import { SellingTable } from "./SellingTable.tsx";
import { bucketText, timelineSummary } from "./timeline-summary.ts";

const OpeningChart = lazy(() => import("./OpeningChart.tsx"));

/** A card of the page with its heading (the page's h1 is the app bar's). */
function Part({
  title,
  titleId,
  testId,
  children,
}: {
  title: string;
  titleId?: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Card variant="outlined" data-testid={testId}>
      <CardContent>
        <Typography variant="subtitle1" component="h2" id={titleId} gutterBottom>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/**
 * The chart, named by its heading and told in words by the line under it, which sighted people read too: a
 * screen reader meets one image with its name and description instead of the library's shapes.
 */
function TimelinePart({ opening }: { opening: TMarketOpening }) {
  const titleId = useId();
  const summaryId = useId();
  return (
    <Part
      title={`Позиции и заказы ${bucketText(opening.bucket_seconds)}`}
      titleId={titleId}
      testId="opening-chart"
    >
      <Box role="img" aria-labelledby={titleId} aria-describedby={summaryId}>
        <Suspense fallback={<CircularProgress aria-label="Загрузка графика" />}>
          <OpeningChart opening={opening} />
        </Suspense>
      </Box>
      <Typography id={summaryId} variant="body2" color="text.secondary" data-testid="opening-chart-summary">
        {timelineSummary(opening)}
      </Typography>
    </Part>
  );
}

/**
 * «Открытие маркета»: since the last opening, what was ordered second by second, by how many of the clients it
 * opened for, what was refused and why, what sells out and how the opening's notices went. It keeps itself
 * current from the live stream, so the office watches the opening minute without reloading.
 */
export default function OpeningPage() {
  const opening = useMarketOpening();
  const data = opening.data;
  const openedAt = data?.opened_at ?? null;
  const since = openedAt === null ? null : `с ${formatRecentMoment(openedAt)}`;
  // A phone's app bar has room for the section's name only: the moment goes on the line under it.
  const wide = useMediaQuery(useTheme().breakpoints.up("sm"));
  usePageTitle(wide && since !== null ? `Открытие маркета ${since}` : null);

  if (!data) return opening.isPending ? <CircularProgress aria-label="Загрузка" /> : null;
  if (openedAt === null)
    return (
      <Typography color="text.secondary" data-testid="opening-none">
        Маркет ещё не открывался
      </Typography>
    );
  return (
    <Stack spacing={{ xs: 2, sm: 3 }}>
      {!wide && (
        <Typography variant="subtitle1" component="p" data-testid="opening-since">
          {since}
        </Typography>
      )}
      <OpeningFigures totals={data.totals} />
      <TimelinePart opening={data} />
      {/* The notices first: four lines, which a phone would otherwise find under twenty modifications. */}
      <Grid container spacing={{ xs: 2, sm: 3 }}>
        <Grid size={{ xs: 12, lg: 4 }}>
          <Part title="Уведомления об открытии" testId="opening-notices-card">
            <OpeningNotices notices={data.notices} />
          </Part>
        </Grid>
        <Grid size={{ xs: 12, lg: 8 }}>
          <Part title="Раскупают" testId="opening-selling">
            <SellingTable selling={data.selling} />
          </Part>
        </Grid>
      </Grid>
    </Stack>
  );
}
