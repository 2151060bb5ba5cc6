import { Paper, Stack, Tab, Tabs } from "@mui/material";
import { useEffect } from "react";
import { useSearchParams } from "react-router";
import { notify } from "../../notices/notify.tsx";
import { FullScreenLoader } from "../../ui/FullScreenLoader.tsx";
import { useStatisticsBase } from "./api.ts";
import { BrandTab } from "./BrandTab.tsx";
import { ClientTab } from "./ClientTab.tsx";
import { OrderHistoryTab } from "./OrderHistoryTab.tsx";
import { PerDateTab } from "./PerDateTab.tsx";
import { ProblemsTab } from "./ProblemsTab.tsx";

const TABS = [
  { value: "client", label: "По клиентам" },
  { value: "perDate", label: "По дням" },
  { value: "orderHistory", label: "История заказов" },
  { value: "problems", label: "Проблемные позиции" },
  { value: "brand", label: "По брэндам" },
] as const;
type TabValue = (typeof TABS)[number]["value"];

const isTab = (value: string | null): value is TabValue => TABS.some((t) => t.value === value);

/**
 * /statistics: the spec's five tabs. Clients, brands and groups load first behind the full-screen spinner;
 * the tab lives in the URL (`?tab=problems`), so the dashboard's figures link straight to it.
 */
export default function StatisticsPage() {
  const [params, setParams] = useSearchParams();
  const requested = params.get("tab");
  const tab: TabValue = isTab(requested) ? requested : "client";
  const base = useStatisticsBase();

  useEffect(() => {
    if (base.isError)
      notify.error(
        "Не удалось загрузить необходимые данные. Пожалуйста, обновите страницу.",
        "Ошибка загрузки данных",
      );
  }, [base.isError]);

  if (base.isPending) return <FullScreenLoader />;
  const { clients, groups } = base;
  return (
    <Stack spacing={2}>
      <Paper>
        <Tabs
          value={tab}
          onChange={(_, v: TabValue) => setParams(v === "client" ? {} : { tab: v }, { replace: true })}
          variant="scrollable"
          scrollButtons="auto"
          // On a phone the arrows say there are more tabs past the edge; MUI otherwise hides them there.
          allowScrollButtonsMobile
          aria-label="Разделы статистики"
        >
          {TABS.map((t) => (
            <Tab key={t.value} value={t.value} label={t.label} />
          ))}
        </Tabs>
      </Paper>
      {tab === "client" && <ClientTab clients={clients} groups={groups} />}
      {tab === "perDate" && <PerDateTab groups={groups} />}
      {tab === "orderHistory" && <OrderHistoryTab />}
      {tab === "problems" && <ProblemsTab />}
      {tab === "brand" && <BrandTab />}
    </Stack>
  );
}
