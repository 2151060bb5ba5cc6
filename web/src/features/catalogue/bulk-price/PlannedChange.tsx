import {
  Button,
  DialogActions,
  DialogContent,
  DialogContentText,
  List,
  ListItem,
  ListItemText,
} from "@mui/material";
import type { TBulkPrice, TCurrency } from "@wholesale/contract";
import { formatPrice } from "../../../lib/money.ts";
import { priceFactor } from "../rules.ts";
import type { Planned } from "./use-bulk-price-form.ts";

const WHOLESALE_LABELS = { small: "малый опт", large: "крупный опт" } as const;

type Props = {
  planned: Planned;
  currencies: TCurrency[];
  applying: boolean;
  onBack: () => void;
  onApply: () => void;
};

/**
 * The confirmation: how many prices the change will touch and the first few before → after, then «Изменить
 * цены», or «Назад» to the form with what was typed.
 */
export function PlannedChange({ planned, currencies, applying, onBack, onApply }: Props) {
  /** «малый опт, ₽, × 1,10000»: what the confirmed change will do. */
  const plannedText = ({ wholesale, currency, newRate, oldRate }: TBulkPrice) =>
    [
      WHOLESALE_LABELS[wholesale],
      currencies.find((c) => c.id === currency)?.sign ?? "",
      `× ${priceFactor(newRate, oldRate)?.factor}`,
    ].join(", ");
  const { count, examples } = planned.preview;
  return (
    <>
      <DialogContent>
        <DialogContentText data-testid="bulk-price-count">
          {count === 0
            ? "Ни одна цена не изменится: в выбранных брэндах и продуктах нет таких цен."
            : `Изменятся цены: ${count} (${plannedText(planned.body)}).`}
        </DialogContentText>
        {examples.length > 0 && (
          <List dense aria-label="Примеры">
            {examples.map((e) => (
              <ListItem key={`${e.modification}-${e.quantity_from}`} disableGutters>
                <ListItemText
                  primary={e.name}
                  secondary={`от ${e.quantity_from} шт.: ${formatPrice(e.old_price, e.currency_sign)} → ${formatPrice(e.new_price, e.currency_sign)}`}
                />
              </ListItem>
            ))}
            {count > examples.length && (
              <ListItem disableGutters>
                <ListItemText secondary={`и ещё ${count - examples.length}`} />
              </ListItem>
            )}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onBack} autoFocus>
          Назад
        </Button>
        {count > 0 && (
          <Button variant="contained" disabled={applying} onClick={onApply}>
            Изменить цены
          </Button>
        )}
      </DialogActions>
    </>
  );
}
