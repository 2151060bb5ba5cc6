import {
  Autocomplete,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Tab,
  Tabs,
  TextField,
  Typography,
} from "@mui/material";
import type { TClientRef, TMarketSchedule } from "@wholesale/contract";
import { useState } from "react";
import { ClientPicker, useGroups, useTransportations } from "../clients/index.ts";
import { useScheduleMutations } from "./api.ts";

type Option = { id: number; name: string };

const CLIENT_TYPE_OPTIONS: Option[] = [
  { id: 3, name: "Малый опт" },
  { id: 2, name: "Крупный опт" },
];

function MultiSelect({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: Option[];
  value: number[];
  onChange: (ids: number[]) => void;
}) {
  // A chosen id no longer in the list (a deleted group) still shows, so it can be removed.
  const selected = value.map((id) => options.find((o) => o.id === id) ?? { id, name: `#${id}` });
  return (
    <Autocomplete
      multiple
      options={options}
      value={selected}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      getOptionLabel={(o) => o.name}
      getOptionKey={(o) => o.id}
      noOptionsText="Нет вариантов"
      onChange={(_e, v) => onChange(v.map((o) => o.id))}
      renderValue={(items, getItemProps) =>
        items.map((o, index) => <Chip size="small" label={o.name} {...getItemProps({ index })} key={o.id} />)
      }
      renderInput={(params) => <TextField {...params} label={label} />}
    />
  );
}

/**
 * «Управление клиентами»: whom the schedule opens the market for, by type, group, direction or by
 * name. Nothing chosen in any tab means every client (docs/back-office.md, «Market and bot texts»).
 */
export function ClientTargetingDialog({
  schedule,
  onClose,
}: {
  schedule: TMarketSchedule;
  onClose: () => void;
}) {
  const { update } = useScheduleMutations();
  const groups = useGroups();
  const directions = useTransportations();
  const [tab, setTab] = useState(0);
  const [types, setTypes] = useState<number[]>(schedule.client_types);
  const [groupIds, setGroupIds] = useState<number[]>(schedule.client_groups);
  const [directionIds, setDirectionIds] = useState<number[]>(schedule.transportations);
  const [clients, setClients] = useState<TClientRef[]>(schedule.clients_detail);
  const nothingChosen = types.length + groupIds.length + directionIds.length + clients.length === 0;

  const onSave = () =>
    update.mutate(
      {
        id: schedule.id,
        body: {
          client_types: types.filter((t): t is 2 | 3 => t === 2 || t === 3),
          client_groups: groupIds,
          transportations: directionIds,
          clients: clients.map((c) => c.id),
        },
      },
      { onSuccess: onClose },
    );

  return (
    <Dialog open onClose={onClose} fullWidth slotProps={{ paper: { sx: { maxWidth: 800 } } }}>
      <DialogTitle>Управление клиентами для "{schedule.name}"</DialogTitle>
      <DialogContent>
        {/* On a phone the four tabs overflow: the arrows show there is more («Направления», «Отдельные
            клиенты»), which MUI otherwise hides on touch screens. */}
        <Tabs
          value={tab}
          onChange={(_e, v: number) => setTab(v)}
          variant="scrollable"
          scrollButtons
          allowScrollButtonsMobile
          sx={{ mb: 2 }}
        >
          <Tab label="Типы клиентов" />
          <Tab label="Группы клиентов" />
          <Tab label="Направления" />
          <Tab label="Отдельные клиенты" />
        </Tabs>
        <Box sx={{ minHeight: 120 }}>
          {tab === 0 && (
            <MultiSelect
              label="Типы клиентов"
              options={CLIENT_TYPE_OPTIONS}
              value={types}
              onChange={setTypes}
            />
          )}
          {tab === 1 && (
            <MultiSelect
              label="Группы клиентов"
              options={(groups.data ?? []).map((g) => ({ id: g.id, name: g.name }))}
              value={groupIds}
              onChange={setGroupIds}
            />
          )}
          {tab === 2 && (
            <MultiSelect
              label="Направления"
              options={(directions.data ?? []).map((d) => ({ id: d.id, name: d.name }))}
              value={directionIds}
              onChange={setDirectionIds}
            />
          )}
          {tab === 3 && <ClientPicker value={clients} onChange={setClients} />}
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          {nothingChosen
            ? "Ничего не выбрано: расписание действует для всех клиентов."
            : "Расписание действует для клиентов, подходящих под любой из выбранных пунктов."}
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Отмена</Button>
        <Button variant="contained" onClick={onSave} disabled={update.isPending}>
          Сохранить
        </Button>
      </DialogActions>
    </Dialog>
  );
}
