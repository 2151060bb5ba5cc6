import { Paper, Stack, Tab, Tabs, Typography } from "@mui/material";
import { useState } from "react";
import UnderConstructionPage from "../home/UnderConstructionPage.tsx";
import { OrderHistoryTab } from "./OrderHistoryTab.tsx";

const TABS = [
  { value: "client", label: "По клиентам" },
  { value: "perDate", label: "По дням" },
  { value: "orderHistory", label: "История заказов" },
  { value: "problems", label: "Проблемные позиции" },
  { value: "brand", label: "По брэндам" },
] as const;
type TabValue = (typeof TABS)[number]["value"];

/** /statistics: the order history tab is built; the other tabs come with the statistics issue. */
export default function StatisticsPage() {
  const [tab, setTab] = useState<TabValue>("client");
  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1">
        Статистика
      </Typography>
      <Paper>
        <Tabs value={tab} onChange={(_, v: TabValue) => setTab(v)} variant="scrollable" scrollButtons="auto">
          {TABS.map((t) => (
            <Tab key={t.value} value={t.value} label={t.label} />
          ))}
        </Tabs>
      </Paper>
      {tab === "orderHistory" ? <OrderHistoryTab /> : <UnderConstructionPage />}
    </Stack>
  );
}
