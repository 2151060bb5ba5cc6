import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  MenuItem,
  Stack,
  Switch,
  TextField,
} from "@mui/material";
import { useEffect, useState } from "react";
import { useBrandExclusives, useBrandExclusivesState, useNomenclature } from "./api.ts";

type Props = { open: boolean; brand: number | null; onClose: () => void; onDone: () => void };

/** Brand exclusivity: every modification of the brand exclusive (or not), with a ratio and a share of stock. */
export function ExclusiveDialog({ open, brand: initialBrand, onClose, onDone }: Props) {
  const nomenclature = useNomenclature();
  const exclusives = useBrandExclusives();
  const [brand, setBrand] = useState<number | "">("");
  const [exclusive, setExclusive] = useState(false);
  const [ratio, setRatio] = useState("0");
  const [percent, setPercent] = useState("0");
  useEffect(() => {
    if (open) setBrand(initialBrand ?? "");
  }, [open, initialBrand]);
  // The fields start from the chosen brand's current state, not from a default that looks switched on.
  const state = useBrandExclusivesState(open && brand !== "" ? brand : null);
  useEffect(() => {
    if (!open || !state.data) return;
    setExclusive(state.data.exclusive);
    setRatio(String(state.data.ratio));
    setPercent(String(state.data.percent));
  }, [open, state.data]);

  const r = Number(ratio);
  const p = Number(percent);
  const valid = brand !== "" && state.isSuccess && r >= 0 && p >= 0 && p <= 100;
  const submit = async () => {
    if (!valid) return;
    try {
      await exclusives.mutateAsync({ brand_id: brand, exclusive, ratio: r, percent: p });
      onDone();
      onClose();
    } catch {
      // The toast says what failed.
    }
  };
  return (
    <Dialog open={open} onClose={onClose} fullWidth slotProps={{ paper: { sx: { maxWidth: 500 } } }}>
      <DialogTitle>Эксклюзивность брэнда</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField select label="Брэнд" value={brand} onChange={(e) => setBrand(Number(e.target.value))}>
            {(nomenclature.data ?? []).map((b) => (
              <MenuItem key={b.id} value={b.id}>
                {b.name}
              </MenuItem>
            ))}
          </TextField>
          <FormControlLabel
            control={<Switch checked={exclusive} onChange={(e) => setExclusive(e.target.checked)} />}
            label="Эксклюзив"
          />
          <TextField
            label="Коэффициент"
            type="number"
            value={ratio}
            onChange={(e) => setRatio(e.target.value)}
          />
          <TextField
            label="Процент"
            type="number"
            value={percent}
            helperText="Доля остатка каждой модификации, 0–100"
            onChange={(e) => setPercent(e.target.value)}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Отмена</Button>
        <Button variant="contained" disabled={!valid || exclusives.isPending} onClick={() => void submit()}>
          Сохранить
        </Button>
      </DialogActions>
    </Dialog>
  );
}
