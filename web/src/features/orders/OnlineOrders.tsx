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
import { CLIENT_TYPE_LARGE, CLIENT_TYPE_SMALL } from "@wholesale/contract";
import { useMemo, useState } from "react";
import { useDebounced } from "../../lib/use-debounced.ts";
import { can, useSession } from "../../session/session.ts";
import { FullScreenLoader } from "../../ui/FullScreenLoader.tsx";
import { ONLINE_PAGE_SIZE, useOrders, useSendToCollect } from "./api.ts";
import { CollectDirectionDialog } from "./CollectDirectionDialog.tsx";
import { ConfirmCollectAllDialog } from "./ConfirmCollectAllDialog.tsx";
import { OrderCard } from "./OrderCard.tsx";
import { OrderDialog } from "./OrderDialog.tsx";
import { useInfiniteTrigger } from "./use-infinite-trigger.ts";

const SEARCH_DEBOUNCE_MS = 500;

/** The spec's Online orders screen: today's orders of one wholesale type, newest first. */
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
    { poll: true },
  );
  const list = useMemo(() => orders.data?.pages.flatMap((p) => p.results) ?? [], [orders.data]);
  const count = orders.data?.pages.at(-1)?.count ?? 0;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = orders;
  const loadMore = () => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  };
  const trigger = useInfiniteTrigger(loadMore, hasNextPage);
  const openOrder = list.find((o) => o.id === openOrderId);

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
                onCollect={canCollect ? () => send.mutate({ type: "order", order_id: order.id }) : undefined}
                collecting={send.isPending}
              />
            </Grid>
          ))}
        </Grid>
      )}

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
