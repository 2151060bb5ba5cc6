import DownloadIcon from "@mui/icons-material/Download";
import ExpandMoreIcon from "@mui/icons-material/ExpandMore";
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
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
import type { TCollectionDirection, TOrder } from "@wholesale/contract";
import { clientDisplayName } from "@wholesale/contract";
import { useState } from "react";
import { downloadFile } from "../../api/client.ts";
import { notify } from "../../app/notify.tsx";
import { can, useSession } from "../../app/session.ts";
import { DownloadButton } from "../../ui/download.tsx";
import { FullScreenLoader } from "../../ui/FullScreenLoader.tsx";
import {
  type OnOrderCollected,
  useCollection,
  useCollectOrder,
  useMarkPosition,
  useUncollect,
} from "./api.ts";

function CollectionOrder({
  order,
  canPick,
  onCollected,
}: {
  order: TOrder;
  canPick: boolean;
  onCollected: OnOrderCollected;
}) {
  const mark = useMarkPosition(onCollected);
  const collectOrder = useCollectOrder(onCollected);
  const waiting = order.positions.filter((p) => p.status === "sent_to_collect").map((p) => p.id);
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
              disabled={waiting.length === 0 || collectOrder.isPending}
              onClick={() => collectOrder.mutate({ orderId: order.id, waiting })}
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
                    onChange={(e) =>
                      mark.mutate({
                        id: p.id,
                        collected: e.target.checked,
                        completes: waiting.length === 1 && waiting[0] === p.id ? order.id : undefined,
                      })
                    }
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

const keyOf = (group: TCollectionDirection) => String(group.transportation?.id ?? "none");
const nameOf = (group: TCollectionDirection) => group.transportation?.name ?? "Без направления";
const waitingIn = (group: TCollectionDirection) =>
  group.orders.reduce((sum, o) => sum + o.positions.filter((p) => p.status === "sent_to_collect").length, 0);

function DirectionSection({
  group,
  canPick,
  expanded,
  onToggle,
  onCollected,
}: {
  group: TCollectionDirection;
  canPick: boolean;
  expanded: boolean;
  onToggle: () => void;
  onCollected: OnOrderCollected;
}) {
  const name = nameOf(group);
  const waiting = waitingIn(group);
  return (
    <Accordion
      expanded={expanded}
      onChange={onToggle}
      disableGutters
      slotProps={{ transition: { unmountOnExit: true } }}
      component="section"
      aria-label={name}
      id={`direction-${keyOf(group)}`}
      sx={{ scrollMarginTop: { xs: 112, sm: 120 } }}
    >
      <AccordionSummary expandIcon={<ExpandMoreIcon />}>
        <Stack direction="row" alignItems="center" spacing={1} sx={{ flexGrow: 1, minWidth: 0, pr: 1 }}>
          <Typography variant="h6" component="h2" noWrap sx={{ flexGrow: 1, minWidth: 0 }}>
            {name}
          </Typography>
          <Typography variant="body2" color="text.secondary" noWrap>
            Заказов: {group.orders.length}
          </Typography>
          <Chip size="small" label={`Осталось: ${waiting}`} color={waiting ? "warning" : "success"} />
        </Stack>
      </AccordionSummary>
      <AccordionDetails>
        <Stack spacing={1}>
          <Box>
            <DownloadButton
              size="small"
              startIcon={<DownloadIcon />}
              save={() =>
                downloadFile("/sales/collection/picking-list/", `Сборка_${name}.xlsx`, {
                  transportation: group.transportation?.id ?? "none",
                })
              }
            >
              Лист сборки
            </DownloadButton>
          </Box>
          {group.orders.map((order) => (
            <CollectionOrder key={order.id} order={order} canPick={canPick} onCollected={onCollected} />
          ))}
        </Stack>
      </AccordionDetails>
    </Accordion>
  );
}

/**
 * The storehouse's screen, made for a phone: today's orders the office sent to collect, by direction. Each
 * direction folds away (a busy day is thousands of pixels of positions); the first with positions left opens
 * by itself, and the list at the top opens a direction and scrolls to it. What is open stays open across
 * the 10-second refresh. A tick marks a position collected; Собрано marks the rest of the order, which can
 * be taken back from its notice; each direction has a picking list.
 */
export function StorehouseCollection() {
  const { myUser } = useSession();
  const collection = useCollection();
  const canPick = can(myUser, "orders.pick");
  const uncollect = useUncollect();
  // A collected order leaves the list at once: for a while its notice can take the step back. The undo
  // lives here, not in the order's card, which is gone by the time it is tapped.
  const onCollected: OnOrderCollected = (orderId, positionIds) =>
    notify.undoable(`Заказ № ${orderId} собран`, () => uncollect.mutate({ orderId, positionIds }));
  // Null until the first answer: then the first direction with work left opens.
  const [open, setOpen] = useState<ReadonlySet<string> | null>(null);
  const groups = collection.data ?? [];
  const expanded =
    open ??
    new Set(
      groups
        .filter((g) => waitingIn(g) > 0)
        .slice(0, 1)
        .map(keyOf),
    );

  const toggle = (key: string) => {
    const next = new Set(expanded);
    if (!next.delete(key)) next.add(key);
    setOpen(next);
  };
  const jump = (key: string) => {
    setOpen(new Set(expanded).add(key));
    // After the section has opened, so the scroll lands on its orders.
    requestAnimationFrame(() =>
      document.getElementById(`direction-${key}`)?.scrollIntoView({ block: "start" }),
    );
  };

  if (collection.isPending) return <FullScreenLoader />;
  if (!groups.length) {
    return (
      <Paper sx={{ p: 4 }}>
        <Typography color="text.secondary" align="center">
          Нет заказов на сборке
        </Typography>
      </Paper>
    );
  }
  return (
    <Stack spacing={1}>
      <Paper
        component="nav"
        aria-label="Направления"
        sx={{ position: "sticky", top: { xs: 56, sm: 64 }, zIndex: 2, p: 1 }}
      >
        <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap">
          {groups.map((g) => {
            const waiting = waitingIn(g);
            return (
              <Chip
                key={keyOf(g)}
                label={`${nameOf(g)}: ${waiting}`}
                color={waiting ? "warning" : "default"}
                variant={expanded.has(keyOf(g)) ? "filled" : "outlined"}
                onClick={() => jump(keyOf(g))}
              />
            );
          })}
        </Stack>
      </Paper>
      {groups.map((group) => (
        <DirectionSection
          key={keyOf(group)}
          group={group}
          canPick={canPick}
          expanded={expanded.has(keyOf(group))}
          onToggle={() => toggle(keyOf(group))}
          onCollected={onCollected}
        />
      ))}
    </Stack>
  );
}
