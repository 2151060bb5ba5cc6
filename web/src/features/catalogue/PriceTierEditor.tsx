import DeleteIcon from "@mui/icons-material/Delete";
import {
  Box,
  Button,
  Checkbox,
  IconButton,
  MenuItem,
  Select,
  Stack,
  TextField,
  Tooltip,
  Typography,
  useMediaQuery,
  useTheme,
} from "@mui/material";
import type { TCurrency, TModification } from "@wholesale/contract";
import { type KeyboardEvent, useEffect, useState } from "react";
import { useCurrencies, useDeleteTier, useSaveTiers, useUpdateTier } from "./api.ts";
import { addRow, rowsFromPrices, rowsToSave, type TierRow } from "./rules.ts";

/** Spec 9: at this width or less the large-wholesale column is compacted. */
export const NARROW_QUERY = "(max-width:960px)";

type Kind = "small" | "large";
const KINDS: { kind: Kind; title: string }[] = [
  { kind: "small", title: "Малый опт" },
  { kind: "large", title: "Крупный опт" },
];
const priceKey = (kind: Kind): "small_wholesale" | "large_wholesale" =>
  kind === "small" ? "small_wholesale" : "large_wholesale";
const availableKey = (kind: Kind): "available_small_wholesale" | "available_large_wholesale" =>
  kind === "small" ? "available_small_wholesale" : "available_large_wholesale";

type Props = {
  modification: TModification;
  /** Modal mode shows the column headings. */
  modal?: boolean;
  onClose: () => void;
};

/** The price-tier editor of one modification (spec 2.3). */
export function PriceTierEditor({ modification, modal = true, onClose }: Props) {
  const narrow = useMediaQuery(NARROW_QUERY);
  // On a phone the two kinds side by side would overlap: each takes its own line under its own title.
  const phone = useMediaQuery(useTheme().breakpoints.down("sm"));
  const currencies = useCurrencies();
  const save = useSaveTiers();
  const updateTier = useUpdateTier();
  const deleteTier = useDeleteTier();
  const [rows, setRows] = useState<TierRow[]>(() => rowsFromPrices(modification.prices));

  // The list resets from the modification's prices whenever they change (spec 4).
  useEffect(() => {
    setRows(rowsFromPrices(modification.prices));
  }, [modification.prices]);

  const saving = save.isPending;
  const change = (key: string, patch: Partial<TierRow>) =>
    setRows((current) => current.map((r) => (r.key === key ? { ...r, ...patch } : r)));

  const onSave = async () => {
    if (saving) return;
    const prices = rowsToSave(rows, modification.prices).map(({ key: _key, ...row }) => row);
    try {
      await save.mutateAsync({ modification: modification.id, body: { prices } });
      onClose();
    } catch {
      // The toast says what failed; the editor stays open with the user's rows.
    }
  };

  const onToggle = (row: TierRow, kind: Kind, value: boolean) => {
    change(row.key, { [availableKey(kind)]: value });
    // A saved tier's availability is sent at once (spec 4).
    if (row.id !== undefined) updateTier.mutate({ id: row.id, body: { [availableKey(kind)]: value } });
  };

  const onDelete = (row: TierRow) => {
    if (row.id === undefined) {
      setRows((current) => current.filter((r) => r.key !== row.key));
      return;
    }
    deleteTier.mutate(row.id, {
      onSuccess: () => setRows((current) => current.filter((r) => r.key !== row.key)),
    });
  };

  const onEnter = (event: KeyboardEvent) => {
    if (event.key === "Enter") {
      event.preventDefault();
      void onSave();
    }
  };

  const number = (value: string) => (value.trim() === "" ? 0 : Number(value.replace(",", ".")));

  const deleteButton = (row: TierRow, index: number) => (
    <Tooltip title="Удалить">
      <IconButton size="small" aria-label={`Удалить строку ${index + 1}`} onClick={() => onDelete(row)}>
        <DeleteIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  );

  const cell = (row: TierRow, index: number, kind: Kind) => {
    const title = KINDS.find((k) => k.kind === kind)?.title ?? "";
    const showQuantity = !(narrow && kind === "large");
    const deleteHere = narrow ? kind === "small" : kind === "large";
    const line = (
      <Stack direction="row" spacing={1} alignItems="center" sx={{ flex: 1, minWidth: 0 }}>
        {deleteHere && narrow && deleteButton(row, index)}
        {showQuantity &&
          (index === 0 ? (
            <Typography sx={{ width: 72, flexShrink: 0 }}>Цена:</Typography>
          ) : (
            <TextField
              label="От"
              size="small"
              type="number"
              sx={{ width: 72, flexShrink: 0 }}
              value={row.quantity_from}
              onChange={(e) => change(row.key, { quantity_from: Math.trunc(number(e.target.value)) })}
              onKeyDown={onEnter}
              slotProps={{ htmlInput: { "aria-label": `${title}: от, строка ${index + 1}`, min: 1 } }}
            />
          ))}
        <TextField
          size="small"
          type="number"
          sx={{ flex: 1, minWidth: 80 }}
          value={row[priceKey(kind)]}
          onChange={(e) => change(row.key, { [priceKey(kind)]: number(e.target.value) })}
          onKeyDown={onEnter}
          slotProps={{
            htmlInput: { "aria-label": `${title}: цена, строка ${index + 1}`, min: 0, step: "0.01" },
          }}
        />
        <Select
          size="small"
          value={currencies.data?.some((c) => c.id === row.currency) ? row.currency : ""}
          onChange={(e) => change(row.key, { currency: Number(e.target.value) })}
          renderValue={(id) => currencies.data?.find((c: TCurrency) => c.id === id)?.sign ?? ""}
          inputProps={{ "aria-label": `${title}: валюта, строка ${index + 1}` }}
          sx={{ width: 64, flexShrink: 0 }}
        >
          {(currencies.data ?? []).map((c) => (
            <MenuItem key={c.id} value={c.id}>
              {c.sign} {c.name}
            </MenuItem>
          ))}
        </Select>
        <Checkbox
          checked={row[availableKey(kind)]}
          onChange={(e) => onToggle(row, kind, e.target.checked)}
          slotProps={{ input: { "aria-label": `${title}: доступно, строка ${index + 1}` } }}
        />
        {deleteHere && !narrow && deleteButton(row, index)}
      </Stack>
    );
    return phone ? (
      <Box key={kind}>
        <Typography variant="caption" color="text.secondary">
          {title}
        </Typography>
        {line}
      </Box>
    ) : (
      line
    );
  };

  return (
    <Stack spacing={1.5}>
      {modal && !phone && (
        <Stack direction="row" spacing={2}>
          {KINDS.map((k) => (
            <Typography key={k.kind} variant="subtitle2" sx={{ flex: 1 }}>
              {k.title}
            </Typography>
          ))}
        </Stack>
      )}
      {rows.map((row, index) => (
        <Stack
          key={row.key}
          direction={phone ? "column" : "row"}
          spacing={phone ? 1 : 2}
          data-testid="price-row"
        >
          {cell(row, index, "small")}
          {cell(row, index, "large")}
        </Stack>
      ))}
      <Box sx={{ display: "flex", gap: 1, justifyContent: "flex-end" }}>
        <Button disabled={saving} onClick={() => setRows((current) => addRow(current))}>
          Добавить
        </Button>
        <Button variant="contained" disabled={saving} onClick={() => void onSave()}>
          Сохранить
        </Button>
      </Box>
    </Stack>
  );
}
