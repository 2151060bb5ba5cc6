import DownloadIcon from "@mui/icons-material/Download";
import {
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  Chip,
  FormControlLabel,
  Paper,
  Stack,
  Typography,
} from "@mui/material";
import { clientDisplayName, type TCollectionDirection, type TOrder } from "@wholesale/contract";
import { downloadFile } from "../../api/client.ts";
import { notify } from "../../app/notify.tsx";
import { can, useSession } from "../../app/session.ts";
import { FullScreenLoader } from "../../ui/FullScreenLoader.tsx";
import { useCollection, useCollectOrder, useMarkPosition } from "./api.ts";

function CollectionOrder({ order, canPick }: { order: TOrder; canPick: boolean }) {
  const mark = useMarkPosition();
  const collectOrder = useCollectOrder();
  const waiting = order.positions.filter((p) => p.status === "sent_to_collect").length;
  return (
    <Card variant="outlined" data-testid="collection-order">
      <CardContent sx={{ pb: 1 }}>
        <Stack direction="row" justifyContent="space-between" alignItems="flex-start" spacing={1}>
          <Box>
            <Typography variant="subtitle1" component="h3" fontWeight={600}>
              {clientDisplayName(order.client)}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              Заказ № {order.id}
            </Typography>
          </Box>
          {canPick && (
            <Button
              variant="contained"
              color="success"
              disabled={waiting === 0 || collectOrder.isPending}
              onClick={() => collectOrder.mutate(order.id)}
            >
              Собрано
            </Button>
          )}
        </Stack>
        <Stack sx={{ mt: 1 }}>
          {order.positions.map((p) => {
            const collected = p.status === "collected";
            return (
              <FormControlLabel
                key={p.id}
                sx={{ py: 0.5, mr: 0, alignItems: "center" }}
                disabled={!canPick || mark.isPending}
                control={
                  <Checkbox
                    checked={collected}
                    onChange={(e) => mark.mutate({ id: p.id, collected: e.target.checked })}
                    sx={{ p: 1.25 }}
                  />
                }
                label={
                  <Typography
                    sx={collected ? { textDecoration: "line-through", color: "text.secondary" } : undefined}
                  >
                    {p.modification_name}
                    {p.addition_name ? ` + ${p.addition_name}` : ""} — <b>{p.quantity} шт.</b>
                  </Typography>
                }
              />
            );
          })}
        </Stack>
      </CardContent>
    </Card>
  );
}

function DirectionSection({ group, canPick }: { group: TCollectionDirection; canPick: boolean }) {
  const name = group.transportation?.name ?? "Без направления";
  const waiting = group.orders.reduce(
    (sum, o) => sum + o.positions.filter((p) => p.status === "sent_to_collect").length,
    0,
  );
  const download = () =>
    downloadFile("/sales/collection/picking-list/", `Сборка_${name}.xlsx`, {
      transportation: group.transportation?.id ?? "none",
    }).catch((error: unknown) =>
      notify.error(error instanceof Error ? error.message : "Не удалось скачать отчет"),
    );
  return (
    <Stack spacing={1} component="section" aria-label={name}>
      <Stack direction="row" alignItems="center" spacing={1} sx={{ pt: 1 }}>
        <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {name}
        </Typography>
        <Chip size="small" label={`Осталось: ${waiting}`} color={waiting ? "warning" : "success"} />
        <Button size="small" startIcon={<DownloadIcon />} onClick={download}>
          Лист сборки
        </Button>
      </Stack>
      {group.orders.map((order) => (
        <CollectionOrder key={order.id} order={order} canPick={canPick} />
      ))}
    </Stack>
  );
}

/**
 * The storehouse's screen, made for a phone: today's orders the office sent to collect, by direction. A
 * tick marks a position collected; Собрано marks the rest of the order; each direction has a picking list.
 */
export function StorehouseCollection() {
  const { myUser } = useSession();
  const collection = useCollection();
  const canPick = can(myUser, "orders.pick");

  if (collection.isPending) return <FullScreenLoader />;
  if (!collection.data?.length) {
    return (
      <Paper sx={{ p: 4 }}>
        <Typography color="text.secondary" align="center">
          Нет заказов на сборке
        </Typography>
      </Paper>
    );
  }
  return (
    <Stack spacing={2}>
      {collection.data.map((group) => (
        <DirectionSection key={group.transportation?.id ?? "none"} group={group} canPick={canPick} />
      ))}
    </Stack>
  );
}
