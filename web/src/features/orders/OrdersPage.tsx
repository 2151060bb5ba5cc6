import { Paper, Stack, Tab, Tabs } from "@mui/material";
import { useState } from "react";
import { useSession } from "../../session/session.ts";
import { OnlineOrders } from "./OnlineOrders.tsx";
import { StorehouseCollection } from "./StorehouseCollection.tsx";

/**
 * /orders. The storehouse lands here and works from its collection view; it can still look at the online
 * orders, without the buttons the spec hides from it. Everyone else sees the online orders screen.
 */
export default function OrdersPage() {
  const { myUser } = useSession();
  const [view, setView] = useState<"collection" | "online">("collection");
  if (myUser?.role !== "storehouse") {
    return <OnlineOrders />;
  }
  return (
    <Stack spacing={2}>
      <Paper>
        <Tabs value={view} onChange={(_, v: "collection" | "online") => setView(v)} variant="fullWidth">
          <Tab label="Сборка" value="collection" />
          <Tab label="Онлайн-заказы" value="online" />
        </Tabs>
      </Paper>
      {view === "collection" ? <StorehouseCollection /> : <OnlineOrders />}
    </Stack>
  );
}
