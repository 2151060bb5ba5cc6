import SearchIcon from "@mui/icons-material/Search";
import { Box, InputAdornment, Stack, Tab, Tabs, TextField } from "@mui/material";
import type { TClientTab } from "@wholesale/contract";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { useDebounced } from "../../lib/use-debounced.ts";
import { FullScreenLoader } from "../../ui/FullScreenLoader.tsx";
import { useClient, useGroups, useTransportations } from "./api.ts";
import { ClientDialog } from "./ClientDialog.tsx";
import { ClientsTable } from "./ClientsTable.tsx";
import { NamedListTab } from "./NamedListTab.tsx";
import { KINDS } from "./named-lists.tsx";
import { RequestsTab } from "./RequestsTab.tsx";

/** Part 2, 2.6: the tab bar, by index; tabs 0-7 list clients (tab 0 every active client). */
const TABS: { label: string; clientTab?: TClientTab }[] = [
  { label: "Все" },
  { label: "Малый", clientTab: "small" },
  { label: "Крупный", clientTab: "large" },
  { label: "Активные", clientTab: "active" },
  { label: "Неактивные", clientTab: "inactive" },
  { label: "Подозрительные", clientTab: "suspicious" },
  { label: "Временный бан", clientTab: "banned" },
  { label: "Вечный бан", clientTab: "permanent_banned" },
  { label: "Заявки" },
  { label: "Группы" },
  { label: "Направления" },
  { label: "Группы сборок" },
  { label: "Организации" },
];
const LAST_CLIENTS_TAB = 7;
const LAST_SEARCH_TAB = 5;

/** A positive whole number from the URL, or null. */
function idParam(value: string | null): number | null {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
}

export default function ClientsPage() {
  // The tab lives in the URL, so a reload or a shared link opens the same one; `client` opens that client's
  // dialog (a claim links its client so).
  const [params, setParams] = useSearchParams();
  const parsed = Number(params.get("tab") ?? 0);
  const tab = Number.isInteger(parsed) && parsed >= 0 && parsed < TABS.length ? parsed : 0;
  const linked = useClient(idParam(params.get("client")));
  const [input, setInput] = useState("");
  const search = useDebounced(input, 300).trim();
  const groups = useGroups();
  const transportations = useTransportations();
  const groupList = groups.data ?? [];
  const directionList = transportations.data ?? [];

  return (
    <Stack spacing={2}>
      <Box sx={{ borderBottom: 1, borderColor: "divider" }}>
        <Tabs
          value={tab}
          onChange={(_e, next: number) =>
            setParams(next === 0 ? {} : { tab: String(next) }, { replace: true })
          }
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
          aria-label="Разделы клиентов"
        >
          {TABS.map((t) => (
            <Tab key={t.label} label={t.label} />
          ))}
        </Tabs>
      </Box>
      {tab <= LAST_SEARCH_TAB && (
        <TextField
          label="Поиск по клиентам"
          value={input}
          onChange={(e) => setInput(e.target.value)}
          size="small"
          sx={{ maxWidth: 400 }}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
      )}
      {tab <= LAST_CLIENTS_TAB && (
        <ClientsTable
          tab={TABS[tab]?.clientTab}
          search={tab <= LAST_SEARCH_TAB ? search : ""}
          groups={groupList}
          transportations={directionList}
        />
      )}
      {tab === 8 && <RequestsTab groups={groupList} transportations={directionList} />}
      {tab === 9 && <NamedListTab kind={KINDS.groups} />}
      {tab === 10 && <NamedListTab kind={KINDS.transportations} />}
      {tab === 11 && <NamedListTab kind={KINDS.collectionGroups} />}
      {tab === 12 && <NamedListTab kind={KINDS.organizations} />}
      {linked.data && (
        <ClientDialog
          client={linked.data}
          groups={groupList}
          transportations={directionList}
          onClose={() =>
            setParams(
              (current) => {
                const next = new URLSearchParams(current);
                next.delete("client");
                return next;
              },
              { replace: true },
            )
          }
        />
      )}
      {/* Last: the fixed backdrop takes no room, but as the first child it would push the tabs down. */}
      <FullScreenLoader open={groups.isPending || transportations.isPending} />
    </Stack>
  );
}
