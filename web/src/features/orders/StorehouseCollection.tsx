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
import { useEffect, useRef, useState } from "react";
import { DownloadButton } from "../../notices/download.tsx";
import { notify } from "../../notices/notify.tsx";
import { can, useSession } from "../../session/session.ts";
import { FullScreenLoader } from "../../ui/FullScreenLoader.tsx";
import {
  downloadPickingList,
  type OnOrderCollected,
  useCollection,
  useCollectOrder,
  useMarkPosition,
  useUncollect,
} from "./api.ts";

/** Said on an order's card, and when its card empties, while the office has not sent all of it. */
export const NOT_ALL_SENT = "Не все позиции отправлены на сборку";

/** Said on an order's card when positions came to it after the storehouse had collected from it. */
export const GREW_AFTER_COLLECTION = "Новые позиции после сборки";

/**
 * Whether a position waiting to be collected was sent after one of the order's positions was collected: the
 * order was collected (its box may be packed) and has grown since, so the storehouse must open it again.
 */
const grewAfterCollection = (order: TOrder) => {
  const lastCollected = Math.max(
    ...order.positions.map((p) => (p.collected_at ? Date.parse(p.collected_at) : Number.NEGATIVE_INFINITY)),
  );
  return order.positions.some(
    (p) =>
      p.status === "sent_to_collect" &&
      p.sent_to_collect_at &&
      Date.parse(p.sent_to_collect_at) > lastCollected,
  );
};

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
  // The card shows what was sent; the order's status is all of its positions'.
  const unsent = order.status === "added";
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
            {grewAfterCollection(order) && (
              <Chip
                size="small"
                variant="outlined"
                label={GREW_AFTER_COLLECTION}
                sx={{ mt: 0.5, fontWeight: 600 }}
              />
            )}
            {unsent && (
              <Typography variant="body2" color="warning.main">
                {NOT_ALL_SENT}
              </Typography>
            )}
          </Box>
          {canPick && (
            <Button
              variant="contained"
              color="success"
              disabled={waiting.length === 0 || collectOrder.isPending}
              onClick={() => collectOrder.mutate({ orderId: order.id, positionIds: waiting, whole: !unsent })}
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
                        completes:
                          waiting.length === 1 && waiting[0] === p.id
                            ? { orderId: order.id, whole: !unsent }
                            : undefined,
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
  onUnfolded,
  onCollected,
}: {
  group: TCollectionDirection;
  canPick: boolean;
  expanded: boolean;
  onToggle: () => void;
  /** Once the direction has opened to its full height. */
  onUnfolded: () => void;
  onCollected: OnOrderCollected;
}) {
  const name = nameOf(group);
  const waiting = waitingIn(group);
  return (
    <Accordion
      expanded={expanded}
      onChange={onToggle}
      disableGutters
      slotProps={{ transition: { unmountOnExit: true, onEntered: onUnfolded } }}
      component="section"
      aria-label={name}
      id={`direction-${keyOf(group)}`}
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
              save={() => downloadPickingList(group.transportation?.id ?? "none", `Сборка_${name}.xlsx`)}
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

/** The gap left between the list of directions and the direction a chip brought up under it. */
const JUMP_GAP_PX = 8;

/** Just the room the page needs below the last direction to stand at `scrollTop` (where a chip scrolled it). */
function fitRoom(room: HTMLElement | null, scrollTop: number | null) {
  if (scrollTop === null || !room) return;
  const without = document.documentElement.scrollHeight - room.offsetHeight;
  room.style.height = `${Math.max(0, scrollTop + window.innerHeight - without)}px`;
}

/**
 * The storehouse's screen, made for a phone: today's orders the office sent to collect, by direction. Each
 * direction folds away (a busy day is thousands of pixels of positions); the first with positions left opens
 * by itself, and the list at the top (one line, scrolled sideways) opens a direction and brings it up right
 * under itself. What is open stays open as the list is refreshed. A tick marks a position collected;
 * Собрано marks the rest of the order, which can be taken back from its notice; each direction has a
 * picking list.
 */
export function StorehouseCollection() {
  const { myUser } = useSession();
  const collection = useCollection();
  const canPick = can(myUser, "orders.pick");
  const uncollect = useUncollect();
  // A collected order leaves the list at once: for a while its notice can take the step back. The undo
  // lives here, not in the order's card, which is gone by the time it is tapped. «собран» only when the
  // whole order is: one the office has not sent all of leaves the list too, but is not collected.
  const onCollected: OnOrderCollected = ({ orderId, positionIds, whole }) =>
    notify.undoable(
      whole ? `Заказ № ${orderId} собран` : `Заказ № ${orderId}: отправленное собрано. ${NOT_ALL_SENT}`,
      () => uncollect.mutate({ orderId, positionIds }),
    );
  // Null until an answer has a direction with work left: that one opens, and stays open as the list is
  // refreshed (another phone's tick, a new order) until the person folds it: a refresh that left it without
  // work would otherwise fold it, and unmount the rows being ticked, under the person's finger.
  const [open, setOpen] = useState<ReadonlySet<string> | null>(null);
  // The direction a chip asked for, brought up once it is open.
  const [target, setTarget] = useState<string | null>(null);
  const nav = useRef<HTMLElement>(null);
  const room = useRef<HTMLDivElement>(null);
  // Where the last chip scrolled the page to: the room below the last direction keeps it reachable.
  const jumpedTo = useRef<number | null>(null);
  const groups = collection.data ?? [];
  const firstWithWork = groups.find((g) => waitingIn(g) > 0);
  const expanded = open ?? new Set(firstWithWork ? [keyOf(firstWithWork)] : []);
  const settled = open === null && firstWithWork ? keyOf(firstWithWork) : null;
  useEffect(() => {
    if (settled !== null) setOpen(new Set([settled]));
  }, [settled]);

  useEffect(() => {
    if (target === null) return;
    setTarget(null);
    const section = document.getElementById(`direction-${target}`);
    if (!section || !nav.current || !room.current) return;
    // Right under the list where it sticks (its height is measured, not guessed; before the page scrolls it
    // sits lower, in its place). A direction near the end of a short page could not come up that far: the
    // room below the last one grows until it can.
    const stuckBottom = Number.parseFloat(getComputedStyle(nav.current).top) + nav.current.offsetHeight;
    const wanted = section.getBoundingClientRect().top + window.scrollY - stuckBottom - JUMP_GAP_PX;
    jumpedTo.current = wanted;
    fitRoom(room.current, wanted);
    window.scrollTo({ top: wanted });
  }, [target]);

  const toggle = (key: string) => {
    const next = new Set(expanded);
    if (!next.delete(key)) next.add(key);
    setOpen(next);
  };
  const jump = (key: string) => {
    setOpen(new Set(expanded).add(key));
    setTarget(key);
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
    // No scroll anchoring: as the direction brought up unfolds, the browser kept a folded one below it in
    // place and so scrolled the page past the direction (by its whole height).
    <Stack spacing={1} sx={{ overflowAnchor: "none" }}>
      <Paper
        ref={nav}
        component="nav"
        aria-label="Направления"
        sx={{ position: "sticky", top: { xs: 56, sm: 64 }, zIndex: 2, p: 1 }}
      >
        {/* One line whatever the number of directions: it scrolls sideways, and its fading right edge says
            there is more (a wrapped list took a third of a phone's screen and hid the direction under it). */}
        <Stack
          direction="row"
          spacing={1}
          sx={{
            overflowX: "auto",
            scrollbarWidth: "none",
            maskImage: "linear-gradient(to right, black calc(100% - 24px), transparent)",
          }}
        >
          {groups.map((g) => {
            const waiting = waitingIn(g);
            return (
              <Chip
                key={keyOf(g)}
                label={`${nameOf(g)}: ${waiting}`}
                color={waiting ? "warning" : "default"}
                variant={expanded.has(keyOf(g)) ? "filled" : "outlined"}
                onClick={() => jump(keyOf(g))}
                sx={{ flexShrink: 0 }}
              />
            );
          })}
          {/* Past the fade: the last chip can be scrolled fully into sight. */}
          <Box sx={{ flex: "0 0 16px" }} />
        </Stack>
      </Paper>
      {groups.map((group) => (
        <DirectionSection
          key={keyOf(group)}
          group={group}
          canPick={canPick}
          expanded={expanded.has(keyOf(group))}
          onToggle={() => toggle(keyOf(group))}
          onUnfolded={() => fitRoom(room.current, jumpedTo.current)}
          onCollected={onCollected}
        />
      ))}
      <Box ref={room} aria-hidden />
    </Stack>
  );
}
