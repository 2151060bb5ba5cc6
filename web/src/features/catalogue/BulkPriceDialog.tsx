import {
  Autocomplete,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from "@mui/material";
import { useEffect, useState } from "react";
import { notify } from "../../app/notify.tsx";
import { useBulkPrices, useCurrencies, useNomenclature } from "./api.ts";
import { rateDifference } from "./rules.ts";

type Option = { id: number; label: string };
type Props = {
  open: boolean;
  brand: number | null;
  product: number | null;
  onClose: () => void;
  /** Spec 4: the page's selection resets after a bulk price update. */
  onDone: () => void;
};

/** Bulk price change: new = old * newRate / oldRate for one wholesale type and currency. */
export function BulkPriceDialog({ open, brand, product, onClose, onDone }: Props) {
  const nomenclature = useNomenclature();
  const currencies = useCurrencies();
  const bulk = useBulkPrices();
  const [newRate, setNewRate] = useState("");
  const [oldRate, setOldRate] = useState("");
  const [currency, setCurrency] = useState<number | "">("");
  const [wholesale, setWholesale] = useState<"small" | "large">("small");
  const [brands, setBrands] = useState<Option[]>([]);
  const [products, setProducts] = useState<Option[]>([]);

  const brandOptions = (nomenclature.data ?? []).map((b) => ({ id: b.id, label: b.name }));
  const productOptions = (nomenclature.data ?? []).flatMap((b) =>
    b.products.map((p) => ({ id: p.id, label: `${b.name} / ${p.name}` })),
  );

  useEffect(() => {
    if (!open) return;
    setNewRate("");
    setOldRate("");
    const tree = nomenclature.data ?? [];
    const chosenProduct = tree
      .flatMap((b) => b.products.map((p) => ({ b, p })))
      .find((x) => x.p.id === product);
    const chosenBrand = tree.find((b) => b.id === brand);
    setProducts(
      chosenProduct
        ? [{ id: chosenProduct.p.id, label: `${chosenProduct.b.name} / ${chosenProduct.p.name}` }]
        : [],
    );
    setBrands(!chosenProduct && chosenBrand ? [{ id: chosenBrand.id, label: chosenBrand.name }] : []);
  }, [open, brand, product, nomenclature.data]);

  const n = Number(newRate.replace(",", "."));
  const o = Number(oldRate.replace(",", "."));
  const difference = rateDifference(n, o);
  const valid = n > 0 && o > 0 && currency !== "" && brands.length + products.length > 0;

  const submit = async () => {
    if (!valid) return;
    try {
      const { updated } = await bulk.mutateAsync({
        newRate: n,
        oldRate: o,
        currency,
        wholesale,
        brand: brands.map((b) => b.id),
        products: products.map((p) => p.id),
        modifications: [],
      });
      notify.success(`Цены обновлены: ${updated}`);
      onDone();
      onClose();
    } catch {
      // The toast says what failed.
    }
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth slotProps={{ paper: { sx: { maxWidth: 600 } } }}>
      <DialogTitle>Изменение цен</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <ToggleButtonGroup
            exclusive
            value={wholesale}
            onChange={(_e, v: "small" | "large" | null) => v && setWholesale(v)}
            size="small"
          >
            <ToggleButton value="small">Малый опт</ToggleButton>
            <ToggleButton value="large">Крупный опт</ToggleButton>
          </ToggleButtonGroup>
          <TextField
            select
            label="Валюта"
            value={currency}
            onChange={(e) => setCurrency(Number(e.target.value))}
          >
            {(currencies.data ?? []).map((c) => (
              <MenuItem key={c.id} value={c.id}>
                {c.sign} {c.name}
              </MenuItem>
            ))}
          </TextField>
          <Stack direction="row" spacing={2}>
            <TextField
              label="Новый курс"
              type="number"
              value={newRate}
              onChange={(e) => setNewRate(e.target.value)}
            />
            <TextField
              label="Старый курс"
              type="number"
              value={oldRate}
              onChange={(e) => setOldRate(e.target.value)}
            />
          </Stack>
          {difference && <Typography>Разница: {difference}</Typography>}
          <Autocomplete
            multiple
            options={brandOptions}
            value={brands}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            onChange={(_e, v) => setBrands(v)}
            renderInput={(params) => <TextField {...params} label="Брэнды" />}
          />
          <Autocomplete
            multiple
            options={productOptions}
            value={products}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            onChange={(_e, v) => setProducts(v)}
            renderInput={(params) => <TextField {...params} label="Продукты" />}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Отмена</Button>
        <Button variant="contained" disabled={!valid || bulk.isPending} onClick={() => void submit()}>
          Применить
        </Button>
      </DialogActions>
    </Dialog>
  );
}
