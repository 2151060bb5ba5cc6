import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItem,
  ListItemText,
  Tab,
  Tabs,
  Typography,
  useMediaQuery,
  useTheme,
} from "@mui/material";
import type { TModification } from "@wholesale/contract";
import { useEffect, useState } from "react";
import { formatPrice } from "../../lib/money.ts";
import { useModificationOrders } from "../orders/index.ts";
import { AvailableToClientsTab } from "./AvailableToClientsTab.tsx";
import { useModification } from "./api.ts";
import { ExtraSettingsTab } from "./ExtraSettingsTab.tsx";
import { PriceTierEditor } from "./PriceTierEditor.tsx";

const TABS = ["История", "Доступно клиентам", "Основное", "Доп. настройки"] as const;
const MAIN_TAB = 2;
/** Spec 9: the history scroll area's maximum height. */
const HISTORY_MAX_HEIGHT = 300;

function HistoryTab({ modification }: { modification: TModification }) {
  const history = useModificationOrders(modification.id, true);
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
                  .map((q) => `${q.quantity} × ${formatPrice(q.price.value, q.price.currency_sign)}`)
                  .join(", ")}
              />
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  );
}

type Props = { modificationId: number | null; canWrite: boolean; onClose: () => void };

/** The modification edit dialog (spec 2.2): History, Available to clients, Main (prices), Extra settings. */
export function ModificationDialog({ modificationId, canWrite, onClose }: Props) {
  const [tab, setTab] = useState(MAIN_TAB);
  // Every opening starts on «Основное» (the prices staff open it for), not on the tab used last time.
  useEffect(() => {
    if (modificationId !== null) setTab(MAIN_TAB);
  }, [modificationId]);
  const modification = useModification(modificationId);
  const m = modification.data;
  // On a phone the price rows need the whole width: in a dialog with margins they overflow and the currency
  // selects end up too small to tap.
  const phone = useMediaQuery(useTheme().breakpoints.down("sm"));
  return (
    <Dialog open={modificationId !== null} onClose={onClose} fullWidth maxWidth="md" fullScreen={phone}>
      <DialogTitle>{m ? `Модификация: ${m.name}` : "Модификация"}</DialogTitle>
      {/* One height for every tab, so the dialog does not jump as staff switch between them. */}
      <DialogContent sx={{ height: "min(640px, 70vh)" }}>
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
