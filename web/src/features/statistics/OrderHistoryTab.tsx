import {
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  CircularProgress,
  Grid,
  Paper,
  Stack,
  TextField,
  Typography,
} from "@mui/material";
import { clientDisplayName, POSITION_STATUS_LABELS, type TOrder } from "@wholesale/contract";
import { useMemo, useState } from "react";
import { todayInMoscow } from "../../lib/dates.ts";
import { formatPrice, formatTotals } from "../../lib/money.ts";
import { useDebounced } from "../../lib/use-debounced.ts";
import { HISTORY_PAGE_SIZE, positionSx, useOrders } from "../orders/index.ts";
import { groupPositions } from "./group-positions.ts";

const SEARCH_DEBOUNCE_MS = 500;

function HistoryCard({ order }: { order: TOrder }) {
  const lines = groupPositions(order.positions);
  const quantity = order.positions.reduce((sum, p) => sum + p.quantity, 0);
  return (
    <Card variant="outlined" data-testid="history-card" sx={{ height: "100%" }}>
      <CardContent>
        <Stack direction="row" justifyContent="space-between" alignItems="flex-start" spacing={1}>
          <Typography variant="subtitle1" component="h2" fontWeight={600}>
            {clientDisplayName(order.client)}
          </Typography>
          <Chip size="small" label={POSITION_STATUS_LABELS[order.status].full} />
        </Stack>
        <Stack spacing={0.25} sx={{ my: 1 }}>
          {lines.map((line) => (
            <Stack
              key={line.key}
              direction="row"
              spacing={1}
              sx={positionSx(line.status)}
              data-testid="history-line"
            >
              <Typography variant="body2" component="span" sx={{ flexGrow: 1, color: "inherit" }}>
                {line.name}
              </Typography>
              <Typography variant="body2" component="span" sx={{ whiteSpace: "nowrap", color: "inherit" }}>
                {line.quantity} × {formatPrice(line.price, line.currency_sign)}
              </Typography>
            </Stack>
          ))}
        </Stack>
        <Typography variant="body2" fontWeight={600}>
          Итого: {formatTotals(order.total)}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Количество: {quantity}
        </Typography>
      </CardContent>
    </Card>
  );
}

function Empty({ text }: { text: string }) {
  return (
    <Paper sx={{ p: 4 }}>
      <Typography color="text.secondary" align="center">
        {text}
      </Typography>
    </Paper>
  );
}

/** The order history of one day: every order's positions grouped, totals per currency. */
export function OrderHistoryTab() {
  const [date, setDate] = useState(todayInMoscow);
  const [search, setSearch] = useState("");
  const debounced = useDebounced(search, SEARCH_DEBOUNCE_MS);
  // A cleared date asks for one instead of loading anything: the server would answer today's orders, under
  // an empty field that does not say so.
  const orders = useOrders(
    { opened_at: date || undefined, search: debounced, limit: HISTORY_PAGE_SIZE },
    { enabled: date !== "" },
  );
  // A failed load shows the empty state, as the spec asks; the error notice says why.
  const list = useMemo(() => orders.data?.pages.flatMap((p) => p.results) ?? [], [orders.data]);
  const count = orders.data?.pages.at(-1)?.count ?? 0;

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2} alignItems={{ sm: "center" }}>
        <TextField
          type="date"
          label="Дата"
          size="small"
          value={date}
          onChange={(e) => setDate(e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        {(count > 0 || search !== "") && (
          <TextField
            label="Поиск по клиенту"
            size="small"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            sx={{ minWidth: 260 }}
          />
        )}
        {date !== "" && (
          <Typography color="text.secondary" data-testid="history-count">
            Заказов: {count}
          </Typography>
        )}
      </Stack>
      {date === "" ? (
        <Empty text="Выберите дату" />
      ) : orders.isPending ? (
        <Box sx={{ display: "flex", justifyContent: "center", py: 4 }}>
          <CircularProgress aria-label="Загрузка" />
        </Box>
      ) : list.length === 0 ? (
        // A search that matches nothing is not a day without orders.
        <Empty text={debounced.trim() ? "Ничего не найдено" : "Нет данных за выбранную дату"} />
      ) : (
        <Grid container spacing={2}>
          {list.map((order) => (
            <Grid key={order.id} size={{ xs: 12, md: 6, xl: 4 }}>
              <HistoryCard order={order} />
            </Grid>
          ))}
        </Grid>
      )}
      {orders.hasNextPage && (
        <Box sx={{ display: "flex", justifyContent: "center" }}>
          <Button
            variant="outlined"
            disabled={orders.isFetchingNextPage}
            onClick={() => void orders.fetchNextPage()}
          >
            Загрузить ещё
          </Button>
        </Box>
      )}
    </Stack>
  );
}
