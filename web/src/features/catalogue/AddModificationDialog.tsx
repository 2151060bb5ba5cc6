import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormHelperText,
  MenuItem,
  Stack,
  TextField,
} from "@mui/material";
import { type FormEvent, useEffect, useState } from "react";
import { useCreateModification, useCurrencies, useNomenclature } from "./api.ts";
import { availableForPrice, DEFAULT_CURRENCY, DEFAULT_PRICE } from "./rules.ts";

type Props = { open: boolean; brand: number | null; product: number | null; onClose: () => void };

/** Add modification (spec 5): brand and product required; quantity 0, not available, both prices 1. */
export function AddModificationDialog({
  open,
  brand: initialBrand,
  product: initialProduct,
  onClose,
}: Props) {
  const nomenclature = useNomenclature();
  const currencies = useCurrencies();
  const create = useCreateModification();
  const [brand, setBrand] = useState<number | "">("");
  const [product, setProduct] = useState<number | "">("");
  const [name, setName] = useState("");
  const [quantity, setQuantity] = useState("0");
  const [small, setSmall] = useState(String(DEFAULT_PRICE));
  const [large, setLarge] = useState(String(DEFAULT_PRICE));
  const [currency, setCurrency] = useState<number>(DEFAULT_CURRENCY);
  const [error, setError] = useState<string | undefined>();

  useEffect(() => {
    if (!open) return;
    setBrand(initialBrand ?? "");
    setProduct(initialProduct ?? "");
    setName("");
    setQuantity("0");
    setSmall(String(DEFAULT_PRICE));
    setLarge(String(DEFAULT_PRICE));
    setError(undefined);
  }, [open, initialBrand, initialProduct]);

  useEffect(() => {
    const first = currencies.data?.[0];
    if (first && !currencies.data?.some((c) => c.id === currency)) setCurrency(first.id);
  }, [currencies.data, currency]);

  const products = nomenclature.data?.find((b) => b.id === brand)?.products ?? [];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (brand === "" || product === "") {
      setError("Пожалуйста, выберите брэнд и продукт");
      return;
    }
    const smallPrice = Number(small.replace(",", "."));
    const largePrice = Number(large.replace(",", "."));
    const count = Number(quantity);
    if (!name.trim() || !Number.isInteger(count) || count < 0 || !(smallPrice >= 0) || !(largePrice >= 0)) {
      setError("Проверьте название, количество и цены");
      return;
    }
    setError(undefined);
    try {
      await create.mutateAsync({
        product,
        name: name.trim(),
        quantity: count,
        available: false,
        available_small_wholesale: availableForPrice(smallPrice),
        available_large_wholesale: availableForPrice(largePrice),
        prices_data: [{ currency, small_wholesale: smallPrice, large_wholesale: largePrice }],
      });
      onClose();
    } catch {
      // The toast 'Ошибка при создании модификации' says it; the dialog keeps what was typed.
    }
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth slotProps={{ paper: { sx: { maxWidth: 600 } } }}>
      <form noValidate onSubmit={submit}>
        <DialogTitle>Добавить модификацию</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              select
              label="Брэнд"
              value={brand}
              onChange={(e) => {
                setBrand(Number(e.target.value));
                setProduct("");
              }}
            >
              {(nomenclature.data ?? []).map((b) => (
                <MenuItem key={b.id} value={b.id}>
                  {b.name}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              label="Продукт"
              value={product}
              disabled={brand === ""}
              onChange={(e) => setProduct(Number(e.target.value))}
            >
              {products.map((p) => (
                <MenuItem key={p.id} value={p.id}>
                  {p.name}
                </MenuItem>
              ))}
            </TextField>
            <TextField label="Название" value={name} onChange={(e) => setName(e.target.value)} />
            <TextField
              label="Количество"
              type="number"
              value={quantity}
              onChange={(e) => setQuantity(e.target.value)}
            />
            <Stack direction="row" spacing={2}>
              <TextField
                label="Малый опт"
                type="number"
                value={small}
                onChange={(e) => setSmall(e.target.value)}
              />
              <TextField
                label="Крупный опт"
                type="number"
                value={large}
                onChange={(e) => setLarge(e.target.value)}
              />
              <TextField
                select
                label="Валюта"
                value={currencies.data?.some((c) => c.id === currency) ? currency : ""}
                onChange={(e) => setCurrency(Number(e.target.value))}
                sx={{ minWidth: 100 }}
              >
                {(currencies.data ?? []).map((c) => (
                  <MenuItem key={c.id} value={c.id}>
                    {c.sign}
                  </MenuItem>
                ))}
              </TextField>
            </Stack>
            {error && <FormHelperText error>{error}</FormHelperText>}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Отмена</Button>
          <Button type="submit" variant="contained" disabled={create.isPending}>
            Сохранить
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
