import {
  Box,
  Button,
  CircularProgress,
  Grid,
  Paper,
  Stack,
  Tab,
  Tabs,
  TextField,
  Typography,
} from "@mui/material";
import { CLIENT_TYPE_LARGE, CLIENT_TYPE_SMALL, type TOrder, type TOrderPage } from "@wholesale/contract";
import { useMemo, useState } from "react";
import { useDebounced } from "../../lib/use-debounced.ts";
import { can, useSession } from "../../session/session.ts";
import { FullScreenLoader } from "../../ui/FullScreenLoader.tsx";
import { ONLINE_PAGE_SIZE, useOrders, useSendToCollect } from "./api.ts";
import { CollectDirectionDialog } from "./CollectDirectionDialog.tsx";
import { ConfirmCollectAllDialog } from "./ConfirmCollectAllDialog.tsx";
import { OrderCard } from "./OrderCard.tsx";
import { OrderDialog } from "./OrderDialog.tsx";
import { useHeldNewOrders } from "./use-held-new-orders.ts";
import { useInfiniteTrigger } from "./use-infinite-trigger.ts";

const SEARCH_DEBOUNCE_MS = 500;

/**
 * The pages' orders once each: an order placed between the reads of two pages moves the next page by one,
 * and its first order would come twice.
 */
function uniqueOrders(pages: readonly TOrderPage[]): TOrder[] {
  const seen = new Set<number>();
  return pages
    .flatMap((page) => page.results)
    .filter((order) => {
      if (seen.has(order.id)) return false;
      seen.add(order.id);
      return true;
    });
}

/**
 * «Новых заказов: N» with «Показать», floating under the app bar wherever the person has scrolled to, over the
 * cards rather than before them: appearing, it moves nothing that is being read.
 */
function NewOrdersStrip({ waiting, onShow }: { waiting: number; onShow: () => void }) {
  return (
    <Box
      role="status"
      sx={{
        position: "sticky",
        top: { xs: 64, sm: 72 },
        zIndex: 2,
        height: 0,
        display: "flex",
        justifyContent: "center",
        alignItems: "flex-start",
      }}
    >
      {waiting > 0 && (
        <Paper
          elevation={6}
          data-testid="new-orders"
          sx={{ display: "flex", alignItems: "center", gap: 1, pl: 2, pr: 1, py: 0.5, borderRadius: 5 }}
        >
          <Typography variant="body2" fontWeight={500}>
            Новых заказов: {waiting}
          </Typography>
          <Button size="small" onClick={onShow}>
            Показать
          </Button>
        </Paper>
      )}
    </Box>
  );
}

/**
 * The spec's Online orders screen: today's orders of one wholesale type, newest first, kept current by the live
 * stream; orders placed while it is read wait behind «Новых заказов: N» until shown.
 */
export function OnlineOrders() {
  const { myUser } = useSession();
  const canCollect = can(myUser, "orders.collect");
  const canEdit = can(myUser, "orders.edit");
  const [clientType, setClientType] = useState<2 | 3>(CLIENT_TYPE_SMALL);
  const [search, setSearch] = useState("");
  const debounced = useDebounced(search, SEARCH_DEBOUNCE_MS);
  const [openOrderId, setOpenOrderId] = useState<number | null>(null);
  const [directionOpen, setDirectionOpen] = useState(false);
  const [collectAllOpen, setCollectAllOpen] = useState(false);
  const send = useSendToCollect();

  const orders = useOrders(
    { client_type: clientType, search: debounced, limit: ONLINE_PAGE_SIZE },
    { live: true },
  );
  const read = useMemo(
    () => (orders.data && !orders.isPlaceholderData ? uniqueOrders(orders.data.pages) : undefined),
    [orders.data, orders.isPlaceholderData],
  );
  const { shown, waiting, showHeld } = useHeldNewOrders(read, `${clientType} ${debounced}`);
  // While another tab or search loads, the cards of the last one stay.
  const list = read ? shown : uniqueOrders(orders.data?.pages ?? []);
  const count = orders.data?.pages.at(-1)?.count ?? 0;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = orders;
  const loadMore = () => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  };
  const trigger = useInfiniteTrigger(loadMore, hasNextPage);
  const openOrder = list.find((o) => o.id === openOrderId);
  const showNew = () => {
    showHeld();
    window.scrollTo({ top: 0 });
  };

  return (
    <Stack spacing={2}>
      <Paper>
        <Tabs
          value={clientType}
          onChange={(_, value: 2 | 3) => setClientType(value)}
          aria-label="Тип опта"
          variant="fullWidth"
        >
          <Tab label="Малый опт" value={CLIENT_TYPE_SMALL} />
          <Tab label="Крупный опт" value={CLIENT_TYPE_LARGE} />
        </Tabs>
      </Paper>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2} alignItems={{ sm: "center" }}>
        <TextField
          label="Поиск по клиенту"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          size="small"
          sx={{ minWidth: 260 }}
        />
        <Typography color="text.secondary" sx={{ flexGrow: 1 }} data-testid="orders-counter">
          Показано: {list.length} из {count}
        </Typography>
        {canCollect && (
          <Stack direction="row" spacing={1}>
            <Button variant="contained" onClick={() => setCollectAllOpen(true)}>
              Собрать все
            </Button>
            <Button variant="outlined" onClick={() => setDirectionOpen(true)}>
              Собрать направление
            </Button>
          </Stack>
        )}
      </Stack>

      <Box>
        <NewOrdersStrip waiting={waiting} onShow={showNew} />
        {orders.isPending ? (
          <FullScreenLoader />
        ) : list.length === 0 ? (
          <Paper sx={{ p: 4 }}>
            <Typography color="text.secondary" align="center">
              Нет активных заказов
            </Typography>
          </Paper>
        ) : (
          <Grid container spacing={2} alignItems="flex-start">
            {list.map((order) => (
              <Grid key={order.id} size={{ xs: 12, md: 6, xl: 4 }}>
                <OrderCard
                  order={order}
                  onEdit={() => setOpenOrderId(order.id)}
                  canEdit={canEdit}
                  onCollect={
                    canCollect ? () => send.mutate({ type: "order", order_id: order.id }) : undefined
                  }
                  collecting={send.isPending}
                />
              </Grid>
            ))}
          </Grid>
        )}
      </Box>

      <Box ref={trigger} sx={{ display: "flex", justifyContent: "center", minHeight: 8 }}>
        {isFetchingNextPage ? (
          <CircularProgress size={24} aria-label="Загрузка" />
        ) : (
          hasNextPage && (
            <Button variant="outlined" onClick={loadMore}>
              Загрузить ещё
            </Button>
          )
        )}
      </Box>

      {openOrder && <OrderDialog order={openOrder} canEdit={canEdit} onClose={() => setOpenOrderId(null)} />}
      {canCollect && <CollectDirectionDialog open={directionOpen} onClose={() => setDirectionOpen(false)} />}
      {canCollect && (
        <ConfirmCollectAllDialog
          choice={
            collectAllOpen
              ? { type: clientType === CLIENT_TYPE_SMALL ? "small_wholesale" : "large_wholesale" }
              : null
          }
          onClose={() => setCollectAllOpen(false)}
        />
      )}
    </Stack>
  );
}
