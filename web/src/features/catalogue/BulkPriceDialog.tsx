import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from "@mui/material";
import { notify } from "../../notices/notify.tsx";
import { useBulkPricePreview, useBulkPrices, useCurrencies } from "./api.ts";
import { BulkPriceFields } from "./bulk-price/BulkPriceFields.tsx";
import { PlannedChange } from "./bulk-price/PlannedChange.tsx";
import { rateOf, useBulkPriceForm } from "./bulk-price/use-bulk-price-form.ts";
import { priceFactor } from "./rules.ts";

type Props = {
  open: boolean;
  brand: number | null;
  product: number | null;
  onClose: () => void;
};

/**
 * Bulk price change: new = old × newRate / oldRate for one wholesale type and currency (spec 2.1, 7). Nothing is
 * changed until the server's preview — how many prices change, the first few before → after — is confirmed.
 * The page's selection stays afterwards, unlike spec 4's reset: staff check the prices they changed.
 */
export function BulkPriceDialog({ open, brand, product, onClose }: Props) {
  const { form, submitTo, brandOptions, productOptions, planned, setPlanned } = useBulkPriceForm({
    open,
    brand,
    product,
  });
  const currencies = useCurrencies();
  const preview = useBulkPricePreview();
  const bulk = useBulkPrices();
  const { control, watch, formState } = form;

  const factor = priceFactor(rateOf(watch("newRate")), rateOf(watch("oldRate")));
  const askFirst = submitTo(async (body) => setPlanned({ body, preview: await preview.mutateAsync(body) }));
  const apply = async () => {
    if (!planned) return;
    try {
      const { updated } = await bulk.mutateAsync(planned.body);
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
        <PlannedChange
          planned={planned}
          currencies={currencies.data ?? []}
          applying={bulk.isPending}
          onBack={() => setPlanned(null)}
          onApply={() => void apply()}
        />
      ) : (
        <form noValidate onSubmit={askFirst}>
          <DialogContent>
            <BulkPriceFields
              control={control}
              currencies={currencies.data ?? []}
              factor={factor}
              brandOptions={brandOptions}
              productOptions={productOptions}
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>Отмена</Button>
            <Button type="submit" variant="contained" disabled={!formState.isValid || preview.isPending}>
              Применить
            </Button>
          </DialogActions>
        </form>
      )}
    </Dialog>
  );
}
