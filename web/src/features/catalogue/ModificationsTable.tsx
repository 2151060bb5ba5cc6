import DeleteIcon from "@mui/icons-material/Delete";
import EditIcon from "@mui/icons-material/Edit";
import {
  CircularProgress,
  IconButton,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Tooltip,
  Typography,
} from "@mui/material";
import type { TModification, TPriceTier } from "@wholesale/contract";
import { useEffect, useState } from "react";
import { formatPrice } from "../../lib/money.ts";
import { stackedBelow } from "../../ui/stacked-table.ts";
import { AvailabilityCell } from "./AvailabilityCell.tsx";
import { useChangeQuantity, useModifications, useUpdateModification } from "./api.ts";
import { sellsAtAnyType, statusChange } from "./rules.ts";

const TABLE_MIN_WIDTH = 860;

const basePrice = (prices: TPriceTier[], kind: "small_wholesale" | "large_wholesale") => {
  const first = prices[0];
  return first ? formatPrice(first[kind], first.currency_sign) : "—";
};

/** Stock typed in place: Enter or leaving the field sends the difference from what was shown. */
function QuantityField({ modification, disabled }: { modification: TModification; disabled: boolean }) {
  const change = useChangeQuantity();
  const [value, setValue] = useState(String(modification.quantity));
  useEffect(() => setValue(String(modification.quantity)), [modification.quantity]);
  const commit = () => {
    // Enter and the blur that follows must not send the same difference twice.
    if (change.isPending) return;
    const next = Number(value);
    if (!Number.isInteger(next) || next < 0) {
      setValue(String(modification.quantity));
      return;
    }
    const delta = next - modification.quantity;
    if (delta !== 0) change.mutate({ modification: modification.id, delta });
  };
  return (
    <TextField
      size="small"
      type="number"
      value={value}
      disabled={disabled}
      onChange={(e) => setValue(e.target.value)}
      onBlur={commit}
      onKeyDown={(e) => {
        if (e.key === "Enter") commit();
      }}
      sx={{ width: 96 }}
      slotProps={{
        htmlInput: { "aria-label": `Количество: ${modification.name}`, min: 0, readOnly: change.isPending },
      }}
    />
  );
}

type Props = {
  product: number;
  search: string;
  canWrite: boolean;
  canStock: boolean;
  onEdit: (modification: TModification) => void;
  onDelete: (modification: TModification) => void;
};

/** A product's modifications; mounted only while the product's accordion is open. */
export function ModificationsTable({ product, search, canWrite, canStock, onEdit, onDelete }: Props) {
  const modifications = useModifications(product, search, true);
  const update = useUpdateModification();
  if (modifications.isPending) return <CircularProgress size={24} aria-label="Загрузка модификаций" />;
  const rows = modifications.data ?? [];
  if (rows.length === 0) return <Typography color="text.secondary">Модификаций нет</Typography>;
  return (
    // The table needs its natural width: below a wide screen (beside the menu, a 960px screen leaves it too
    // little) each modification is a card, so «Статус» and «Действия» are never cut off or hidden past an
    // unmarked sideways scroll.
    <TableContainer>
      <Table size="small" aria-label="Модификации" sx={stackedBelow("lg", { minWidth: TABLE_MIN_WIDTH })}>
        <TableHead>
          <TableRow>
            <TableCell>Модификация</TableCell>
            <TableCell>Количество</TableCell>
            <TableCell>Малый опт</TableCell>
            <TableCell>Крупный опт</TableCell>
            <TableCell align="center">Доступно (малый)</TableCell>
            <TableCell align="center">Доступно (крупный)</TableCell>
            <TableCell align="center">Статус</TableCell>
            <TableCell align="right">Действия</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((m) => (
            <TableRow key={m.id} hover data-testid={`modification-${m.id}`}>
              <TableCell sx={{ fontWeight: 500 }}>{m.name}</TableCell>
              <TableCell data-label="Количество">
                <QuantityField modification={m} disabled={!canStock} />
                {m.waiting > 0 && (
                  <Typography variant="caption" color="text.secondary" component="div">
                    Ждут: {m.waiting}
                  </Typography>
                )}
              </TableCell>
              <TableCell data-label="Малый опт">{basePrice(m.prices, "small_wholesale")}</TableCell>
              <TableCell data-label="Крупный опт">{basePrice(m.prices, "large_wholesale")}</TableCell>
              <TableCell align="center" data-label="Доступно (малый)">
                <AvailabilityCell
                  label={`Малый опт: ${m.name}`}
                  value={m.available_small_wholesale}
                  disabled={!canWrite}
                  onChange={(next) => update.mutate({ id: m.id, body: { available_small_wholesale: next } })}
                />
              </TableCell>
              <TableCell align="center" data-label="Доступно (крупный)">
                <AvailabilityCell
                  label={`Крупный опт: ${m.name}`}
                  value={m.available_large_wholesale}
                  disabled={!canWrite}
                  onChange={(next) => update.mutate({ id: m.id, body: { available_large_wholesale: next } })}
                />
              </TableCell>
              <TableCell align="center" data-label="Статус">
                <Switch
                  size="small"
                  checked={sellsAtAnyType(m)}
                  disabled={!canWrite}
                  onChange={(e) => update.mutate({ id: m.id, body: statusChange(e.target.checked) })}
                  slotProps={{ input: { "aria-label": `Статус: ${m.name}` } }}
                />
              </TableCell>
              <TableCell align="right" data-label="Действия" sx={{ whiteSpace: "nowrap" }}>
                <Tooltip title="Редактировать">
                  <IconButton size="small" aria-label={`Редактировать ${m.name}`} onClick={() => onEdit(m)}>
                    <EditIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
                {canWrite && (
                  <Tooltip title="Удалить">
                    <IconButton size="small" aria-label={`Удалить ${m.name}`} onClick={() => onDelete(m)}>
                      <DeleteIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
