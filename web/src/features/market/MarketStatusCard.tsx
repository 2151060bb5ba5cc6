import { Box, Card, CardContent, CardHeader, CircularProgress, Typography } from "@mui/material";
import { formatDateTime } from "../../lib/dates.ts";
import { useMarketStatus } from "./api.ts";

/** Card 1: open or closed now, and the schedules keeping it open; fetched again every 60 s. */
export function MarketStatusCard() {
  const status = useMarketStatus();
  const data = status.data;
  return (
    <Card>
      <CardHeader title="Статус маркета" />
      <CardContent sx={{ pt: 0 }}>
        {!data ? (
          status.isPending && <CircularProgress size={24} />
        ) : (
          <Box data-testid="market-status">
            <Typography
              variant="h6"
              component="p"
              sx={{ color: data.is_open ? "success.main" : "error.main", fontWeight: 600 }}
            >
              {data.is_open ? "Маркет открыт" : "Маркет закрыт"}
            </Typography>
            {data.active_schedules.length > 0 && (
              <Typography variant="body2">Активные расписания: {data.active_schedules.join(", ")}</Typography>
            )}
            {(data.open_until ?? data.next_open_at) && (
              <Typography variant="body2" color="text.secondary">
                {data.is_open
                  ? `Открыт до ${formatDateTime(data.open_until)}`
                  : `Откроется ${formatDateTime(data.next_open_at)}`}
              </Typography>
            )}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
