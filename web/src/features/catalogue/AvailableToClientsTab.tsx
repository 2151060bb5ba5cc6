import { Autocomplete, Box, Button, Stack, TextField } from "@mui/material";
import type { TClient, TModification } from "@wholesale/contract";
import { useEffect, useMemo, useState } from "react";
import { useClientsPage, useGroups, useTransportations } from "../clients/index.ts";
import { SEARCH_MIN_LENGTH, useUpdateModification } from "./api.ts";

const CLIENTS_LIMIT = 20;
type Option = { id: number; label: string };

const clientLabel = (c: TClient) =>
  [c.nickname, c.telegram_username ? `@${c.telegram_username}` : null].filter(Boolean).join(" ");

/** "Available to clients": restrict a modification to chosen clients, groups and directions. */
export function AvailableToClientsTab({
  modification,
  disabled,
}: {
  modification: TModification;
  disabled: boolean;
}) {
  const update = useUpdateModification();
  const [clientIds, setClientIds] = useState(modification.client_ids);
  const [groupIds, setGroupIds] = useState(modification.group_ids);
  const [transportationIds, setTransportationIds] = useState(modification.transportation_ids);
  const [search, setSearch] = useState("");
  // Names of clients met in searches, so chosen ones keep their names when the search moves on.
  const [known, setKnown] = useState<Map<number, string>>(new Map());

  const term = search.trim().length >= SEARCH_MIN_LENGTH ? search.trim() : "";
  // Roles that cannot change the catalogue may not read clients either: nothing to load for them.
  const clients = useClientsPage(
    { onlyActive: false, search: term || undefined, limit: CLIENTS_LIMIT, offset: 0 },
    !disabled,
  );
  const groups = useGroups(!disabled);
  const transportations = useTransportations(!disabled);
  useEffect(() => {
    const found = clients.data?.results ?? [];
    setKnown((current) => new Map([...current, ...found.map((c) => [c.id, clientLabel(c)] as const)]));
  }, [clients.data]);

  const clientOptions: Option[] = useMemo(
    () => (clients.data?.results ?? []).map((c) => ({ id: c.id, label: clientLabel(c) })),
    [clients.data],
  );
  const selectedClients: Option[] = clientIds.map((id) => ({ id, label: known.get(id) ?? `Клиент #${id}` }));
  const groupOptions: Option[] = (groups.data ?? []).map((g) => ({ id: g.id, label: g.name }));
  const transportationOptions: Option[] = (transportations.data ?? []).map((t) => ({
    id: t.id,
    label: t.name,
  }));
  const chosen = (options: Option[], ids: number[]) =>
    ids.map((id) => options.find((o) => o.id === id) ?? { id, label: `#${id}` });

  const onSave = () =>
    update.mutate({
      id: modification.id,
      body: { client_ids: clientIds, group_ids: groupIds, transportation_ids: transportationIds },
    });

  const same = (a: Option, b: Option) => a.id === b.id;
  return (
    <Stack spacing={2} sx={{ pt: 1 }}>
      <Autocomplete
        multiple
        disabled={disabled}
        options={clientOptions}
        value={selectedClients}
        filterOptions={(options) => options}
        isOptionEqualToValue={same}
        inputValue={search}
        onInputChange={(_e, value, reason) => {
          // Choosing a client keeps the search, so several can be picked from one result list.
          if (reason !== "reset") setSearch(value);
        }}
        onChange={(_e, value) => setClientIds(value.map((o) => o.id))}
        renderInput={(params) => <TextField {...params} label="Клиенты" placeholder="Поиск по клиентам" />}
      />
      <Autocomplete
        multiple
        disabled={disabled}
        options={groupOptions}
        value={chosen(groupOptions, groupIds)}
        isOptionEqualToValue={same}
        onChange={(_e, value) => setGroupIds(value.map((o) => o.id))}
        renderInput={(params) => <TextField {...params} label="Группы" />}
      />
      <Autocomplete
        multiple
        disabled={disabled}
        options={transportationOptions}
        value={chosen(transportationOptions, transportationIds)}
        isOptionEqualToValue={same}
        onChange={(_e, value) => setTransportationIds(value.map((o) => o.id))}
        renderInput={(params) => <TextField {...params} label="Направления" />}
      />
      <Box sx={{ display: "flex", justifyContent: "flex-end" }}>
        <Button variant="contained" disabled={disabled || update.isPending} onClick={onSave}>
          Сохранить
        </Button>
      </Box>
    </Stack>
  );
}
