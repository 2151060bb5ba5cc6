import EditIcon from "@mui/icons-material/Edit";
import VisibilityIcon from "@mui/icons-material/Visibility";
import {
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  CardHeader,
  IconButton,
  Stack,
  Tooltip,
  Typography,
} from "@mui/material";
import { clientDisplayName, POSITION_STATUS_LABELS, type TOrder } from "@wholesale/contract";
import { useEffect, useRef } from "react";
import { formatDateTime } from "../../lib/dates.ts";
import { formatPrice, formatTotals } from "../../lib/money.ts";
import { positionSx } from "./position-sx.ts";

type Props = {
  order: TOrder;
  onEdit: () => void;
  /** Whether the dialog lets this user change the order: a pencil then, a «view» eye otherwise. */
  canEdit: boolean;
  /** Absent for those who may not send to collect (the storehouse): the button is not shown. */
  onCollect?: () => void;
  collecting?: boolean;
};

/** One online order: client, direction, positions with their states, totals per currency. */
export function OrderCard({ order, onEdit, canEdit, onCollect, collecting }: Props) {
  const client = clientDisplayName(order.client);
  const hasAdded = order.positions.some((p) => p.status === "added");
  const collectDisabled = !hasAdded || collecting === true;
  const card = useRef<HTMLDivElement>(null);
  const collectButton = useRef<HTMLButtonElement>(null);
  const collectHadFocus = useRef(false);
  // «Собрать» turns disabled once pressed, and a disabled button drops the focus to the page's start: the card
  // takes it instead, so a keyboard user goes on from the order they sent.
  useEffect(() => {
    if (collectDisabled && collectHadFocus.current) {
      collectHadFocus.current = false;
      card.current?.focus();
    }
  }, [collectDisabled]);
  return (
    <Card
      ref={card}
      tabIndex={-1}
      variant="outlined"
      data-testid="order-card"
      role="group"
      aria-label={`Заказ № ${order.id}`}
      // Each card is as tall as its own positions, not stretched to the tallest neighbour in the row.
      sx={{
        display: "flex",
        flexDirection: "column",
        "&:focus-visible": { outline: 2, outlineColor: "primary.main", outlineStyle: "solid" },
      }}
    >
      <CardHeader
        sx={{ pb: 0.5 }}
        title={client}
        slotProps={{ title: { variant: "subtitle1", component: "h2" } }}
        subheader={`№ ${order.id} · ${formatDateTime(order.opened_at)}${
          order.transportation ? ` · ${order.transportation.name}` : ""
        }`}
        action={
          canEdit ? (
            <Tooltip title="Открыть заказ">
              <IconButton aria-label={`Открыть заказ ${order.id}`} onClick={onEdit}>
                <EditIcon />
              </IconButton>
            </Tooltip>
          ) : (
            <Tooltip title="Просмотр заказа">
              <IconButton aria-label={`Просмотр заказа ${order.id}`} onClick={onEdit}>
                <VisibilityIcon />
              </IconButton>
            </Tooltip>
          )
        }
      />
      <CardContent sx={{ py: 1, flexGrow: 1 }}>
        <Stack spacing={0.25}>
          {order.positions.map((p) => (
            <Stack
              key={p.id}
              direction="row"
              spacing={1}
              sx={positionSx(p.status)}
              data-testid="order-position"
            >
              <Tooltip title={POSITION_STATUS_LABELS[p.status].full}>
                <Typography variant="body2" component="span" sx={{ fontWeight: 600, minWidth: 16 }}>
                  {POSITION_STATUS_LABELS[p.status].short}
                </Typography>
              </Tooltip>
              <Typography variant="body2" component="span" sx={{ flexGrow: 1, color: "inherit" }}>
                {p.modification_name}
                {p.addition_name ? ` + ${p.addition_name}` : ""}
              </Typography>
              <Typography variant="body2" component="span" sx={{ whiteSpace: "nowrap", color: "inherit" }}>
                {p.quantity} × {formatPrice(p.price, p.currency_sign)}
              </Typography>
            </Stack>
          ))}
        </Stack>
      </CardContent>
      <CardActions sx={{ justifyContent: "space-between", px: 2 }}>
        <Box>
          <Typography variant="body2" fontWeight={600} data-testid="order-total">
            Итого: {formatTotals(order.total)}
          </Typography>
        </Box>
        {onCollect && (
          <Button
            ref={collectButton}
            size="small"
            variant="contained"
            onClick={() => {
              collectHadFocus.current = document.activeElement === collectButton.current;
              onCollect();
            }}
            disabled={collectDisabled}
          >
            Собрать
          </Button>
        )}
      </CardActions>
    </Card>
  );
}
