import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  List,
  ListItem,
  ListItemText,
  Stack,
  Switch,
  Tab,
  Tabs,
  TextField,
  Typography,
} from "@mui/material";
import type { TModification } from "@wholesale/contract";
import { useState } from "react";
import { AvailableToClientsTab } from "./AvailableToClientsTab.tsx";
import { useModification, useModificationHistory, useUpdateModification } from "./api.ts";
import { PriceTierEditor } from "./PriceTierEditor.tsx";

const TABS = ["История", "Доступно клиентам", "Основное", "Доп. настройки"] as const;
const MAIN_TAB = 2;
/** Spec 9: the history scroll area's maximum height. */
const HISTORY_MAX_HEIGHT = 300;

function HistoryTab({ modification }: { modification: TModification }) {
  const history = useModificationHistory(modification.id, true);
  const entries = history.data ?? [];
  return (
    <Box sx={{ maxHeight: HISTORY_MAX_HEIGHT, overflowY: "auto" }} data-testid="modification-history">
      {history.isPending ? (
        <Typography color="text.secondary">Загрузка…</Typography>
      ) : entries.length === 0 ? (
        <Typography color="text.secondary">Сегодня заказов нет</Typography>
      ) : (
        <List dense>
          {entries.map((e) => (
            <ListItem key={e.owner.id} divider>
              <ListItemText
                primary={`${e.owner.nickname}${e.owner.telegram_username ? ` (@${e.owner.telegram_username})` : ""}: ${e.quantity_sum} шт.`}
                secondary={e.quantity_by_price
                  .map((q) => `${q.quantity} × ${q.price.value} ${q.price.currency_sign}`)
                  .join(", ")}
              />
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  );
}

function ExtraSettingsTab({ modification, disabled }: { modification: TModification; disabled: boolean }) {
  const update = useUpdateModification();
  const [name, setName] = useState(modification.name);
  const [specifications, setSpecifications] = useState(modification.specifications);
  const [oneHand, setOneHand] = useState(String(modification.one_hand_quantity));
  const [exclusive, setExclusive] = useState(modification.exclusive);
  const oneHandQuantity = Number(oneHand);
  const valid = name.trim() !== "" && Number.isInteger(oneHandQuantity) && oneHandQuantity >= 0;
  return (
    <Stack spacing={2} sx={{ pt: 1 }}>
      <TextField
        label="Название"
        value={name}
        disabled={disabled}
        onChange={(e) => setName(e.target.value)}
      />
      <TextField
        label="Характеристики"
        multiline
        minRows={2}
        value={specifications}
        disabled={disabled}
        onChange={(e) => setSpecifications(e.target.value)}
      />
      <TextField
        label="Количество в одни руки"
        type="number"
        value={oneHand}
        disabled={disabled}
        helperText="0 — без ограничения"
        onChange={(e) => setOneHand(e.target.value)}
      />
      <FormControlLabel
        control={
          <Switch checked={exclusive} disabled={disabled} onChange={(e) => setExclusive(e.target.checked)} />
        }
        label="Эксклюзив"
      />
      <Box sx={{ display: "flex", justifyContent: "flex-end" }}>
        <Button
          variant="contained"
          disabled={disabled || !valid || update.isPending}
          onClick={() =>
            update.mutate({
              id: modification.id,
              body: { name: name.trim(), specifications, one_hand_quantity: oneHandQuantity, exclusive },
            })
          }
        >
          Сохранить
        </Button>
      </Box>
    </Stack>
  );
}

type Props = { modificationId: number | null; canWrite: boolean; onClose: () => void };

/** The modification edit dialog (spec 2.2): History, Available to clients, Main (prices), Extra settings. */
export function ModificationDialog({ modificationId, canWrite, onClose }: Props) {
  const [tab, setTab] = useState(MAIN_TAB);
  const modification = useModification(modificationId);
  const m = modification.data;
  return (
    <Dialog open={modificationId !== null} onClose={onClose} fullWidth maxWidth="md">
      <DialogTitle>{m ? `Модификация: ${m.name}` : "Модификация"}</DialogTitle>
      <DialogContent>
        <Tabs value={tab} onChange={(_e, v: number) => setTab(v)} variant="scrollable" sx={{ mb: 2 }}>
          {TABS.map((label) => (
            <Tab key={label} label={label} />
          ))}
        </Tabs>
        {m && tab === 0 && <HistoryTab modification={m} />}
        {m && tab === 1 && <AvailableToClientsTab key={m.id} modification={m} disabled={!canWrite} />}
        {m &&
          tab === 2 &&
          (canWrite ? (
            <PriceTierEditor modification={m} onClose={onClose} />
          ) : (
            <Typography color="text.secondary">Изменять цены может офис</Typography>
          ))}
        {m && tab === 3 && <ExtraSettingsTab key={m.id} modification={m} disabled={!canWrite} />}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Закрыть</Button>
      </DialogActions>
    </Dialog>
  );
}
