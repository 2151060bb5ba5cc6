import {
  Autocomplete,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  List,
  ListItem,
  ListItemText,
  MenuItem,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from "@mui/material";
import { type TBulkPricePreview, ZBulkPriceSchema } from "@wholesale/contract";
import { useEffect, useState } from "react";
import { numberFromText } from "../../lib/form-fields.ts";
import { formatPrice } from "../../lib/money.ts";
import { notify } from "../../notices/notify.tsx";
import { useBulkPricePreview, useBulkPrices, useCurrencies, useNomenclature } from "./api.ts";
import { priceFactor } from "./rules.ts";

type Option = { id: number; label: string };
type Props = {
  open: boolean;
  brand: number | null;
  product: number | null;
  onClose: () => void;
};

const WHOLESALE_LABELS = { small: "малый опт", large: "крупный опт" } as const;

/** A rate typed with a decimal comma or point, checked by the contract's own rule; null while blank. */
const rateField = numberFromText(ZBulkPriceSchema.shape.newRate);
function parseRate(text: string): { value: number | null; error: string | null } {
  if (text.trim() === "") return { value: null, error: null };
  const parsed = rateField.safeParse(text);
  if (parsed.success && typeof parsed.data === "number") return { value: parsed.data, error: null };
  return { value: null, error: parsed.error?.issues[0]?.message ?? "Введите число" };
}

/**
 * Bulk price change: new = old × newRate / oldRate for one wholesale type and currency (spec 2.1, 7). Nothing is
 * changed until the server's preview — how many prices change, the first few before → after — is confirmed.
 * The page's selection stays afterwards (issue 27, over spec 4's reset): staff check the prices they changed.
 */
export function BulkPriceDialog({ open, brand, product, onClose }: Props) {
  const nomenclature = useNomenclature();
  const currencies = useCurrencies();
  const preview = useBulkPricePreview();
  const bulk = useBulkPrices();
  const [newRate, setNewRate] = useState("");
  const [oldRate, setOldRate] = useState("");
  const [currency, setCurrency] = useState<number | "">("");
  const [wholesale, setWholesale] = useState<"small" | "large">("small");
  const [brands, setBrands] = useState<Option[]>([]);
  const [products, setProducts] = useState<Option[]>([]);
  const [planned, setPlanned] = useState<TBulkPricePreview | null>(null);

  const brandOptions = (nomenclature.data ?? []).map((b) => ({ id: b.id, label: b.name }));
  const productOptions = (nomenclature.data ?? []).flatMap((b) =>
    b.products.map((p) => ({ id: p.id, label: `${b.name} / ${p.name}` })),
  );

  useEffect(() => {
    if (!open) return;
    setNewRate("");
    setOldRate("");
    setPlanned(null);
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

  const typedNew = parseRate(newRate);
  const typedOld = parseRate(oldRate);
  const factor = priceFactor(typedNew.value ?? 0, typedOld.value ?? 0);
  const body =
    typedNew.value !== null &&
    typedOld.value !== null &&
    currency !== "" &&
    brands.length + products.length > 0
      ? {
          newRate: typedNew.value,
          oldRate: typedOld.value,
          currency,
          wholesale,
          brand: brands.map((b) => b.id),
          products: products.map((p) => p.id),
          modifications: [],
        }
      : null;
  const sign = currencies.data?.find((c) => c.id === currency)?.sign ?? "";

  const askFirst = async () => {
    if (!body) return;
    try {
      setPlanned(await preview.mutateAsync(body));
    } catch {
      // The toast says what failed.
    }
  };
  const apply = async () => {
    if (!body) return;
    try {
      const { updated } = await bulk.mutateAsync(body);
      notify.success(`Цены обновлены: ${updated}`);
      onClose();
    } catch {
      // The toast says what failed; the dialog stays with what was typed.
    }
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth slotProps={{ paper: { sx: { maxWidth: 600 } } }}>
      <DialogTitle>Изменение цен</DialogTitle>
      {planned ? (
        <>
          <DialogContent>
            <DialogContentText data-testid="bulk-price-count">
              {planned.count === 0
                ? "Ни одна цена не изменится: в выбранных брэндах и продуктах нет таких цен."
                : `Изменятся цены: ${planned.count} (${WHOLESALE_LABELS[wholesale]}, ${sign}, × ${factor?.factor}).`}
            </DialogContentText>
            {planned.examples.length > 0 && (
              <List dense aria-label="Примеры">
                {planned.examples.map((e) => (
                  <ListItem key={`${e.modification}-${e.quantity_from}`} disableGutters>
                    <ListItemText
                      primary={e.name}
                      secondary={`от ${e.quantity_from} шт.: ${formatPrice(e.old_price, e.currency_sign)} → ${formatPrice(e.new_price, e.currency_sign)}`}
                    />
                  </ListItem>
                ))}
                {planned.count > planned.examples.length && (
                  <ListItem disableGutters>
                    <ListItemText secondary={`и ещё ${planned.count - planned.examples.length}`} />
                  </ListItem>
                )}
              </List>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setPlanned(null)} autoFocus>
              Назад
            </Button>
            {planned.count > 0 && (
              <Button variant="contained" disabled={bulk.isPending} onClick={() => void apply()}>
                Изменить цены
              </Button>
            )}
          </DialogActions>
        </>
      ) : (
        <>
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
              <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
                <TextField
                  label="Новый курс"
                  value={newRate}
                  onChange={(e) => setNewRate(e.target.value)}
                  error={typedNew.error !== null}
                  helperText={typedNew.error ?? "Например, 95,5"}
                  slotProps={{ htmlInput: { inputMode: "decimal" } }}
                />
                <TextField
                  label="Старый курс"
                  value={oldRate}
                  onChange={(e) => setOldRate(e.target.value)}
                  error={typedOld.error !== null}
                  helperText={typedOld.error ?? "Например, 90"}
                  slotProps={{ htmlInput: { inputMode: "decimal" } }}
                />
              </Stack>
              <Typography data-testid="bulk-price-factor" color={factor ? "text.primary" : "text.secondary"}>
                {factor
                  ? `Цены умножатся на ${factor.factor} (${factor.percent})`
                  : "Цены умножатся на новый курс, делённый на старый"}
              </Typography>
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
            <Button variant="contained" disabled={!body || preview.isPending} onClick={() => void askFirst()}>
              Применить
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
