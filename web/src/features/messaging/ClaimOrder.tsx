import { Button, CircularProgress } from "@mui/material";
import type { TClaim } from "@wholesale/contract";
import { useEffect, useState } from "react";
import { russianDate } from "../../lib/dates.ts";
import { notify } from "../../notices/notify.tsx";
import { ONLINE_PAGE_SIZE, OrderDialog, useOrders } from "../orders/index.ts";

type Props = { owner: TClaim["owner"]; order: NonNullable<TClaim["order"]> };

/**
 * The order a claim concerns, as a link that opens it over the claims (read-only: a claim is answered, the
 * order is not edited from here). It is read as the order history reads a day: the client's orders of that
 * day (the list's search takes a client id), of which the claim's one.
 */
export function ClaimOrder({ owner, order }: Props) {
  const [open, setOpen] = useState(false);
  const day = useOrders(
    { opened_at: order.opened_on, search: String(owner), limit: ONLINE_PAGE_SIZE },
    { enabled: open },
  );
  const found = day.data?.pages.flatMap((p) => p.results).find((o) => o.id === order.id);
  const gone = open && day.isSuccess && !day.isPlaceholderData && !found;
  useEffect(() => {
    if (!gone) return;
    notify.error(`Заказ № ${order.id} больше не существует`);
    setOpen(false);
  }, [gone, order.id]);

  return (
    <>
      <Button
        size="small"
        onClick={() => setOpen(true)}
        disabled={open && !found}
        startIcon={open && day.isFetching && !found ? <CircularProgress size={16} /> : undefined}
      >
        Заказ № {order.id} от {russianDate(order.opened_on)}
      </Button>
      {open && found && <OrderDialog order={found} canEdit={false} onClose={() => setOpen(false)} />}
    </>
  );
}
