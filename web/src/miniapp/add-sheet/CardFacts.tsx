import type { TMiniAppCard } from "@wholesale/contract";
import { formatPrice, itemName, stockLine } from "../format.ts";
import type { SheetItem } from "./sheet-item.ts";

/**
 * What the sheet says of the item: its name, stock (and that the client waits for it) and specifications, the
 * price tiers it may be ordered at (hidden while `staleTiers`: read before a price changed) and what comes
 * with it.
 */
export function CardFacts({
  item,
  card,
  waiting,
  staleTiers,
}: {
  item: SheetItem;
  card: TMiniAppCard | null;
  waiting: boolean;
  staleTiers: boolean;
}) {
  return (
    <>
      <div className="name wraps">{itemName(item)}</div>
      <div className="sub">{stockLine(card?.stock ?? item.stock, waiting)}</div>
      {card?.specifications && <div className="sub">{card.specifications}</div>}
      {!staleTiers && card?.tiers.some((t) => t.price !== null) && (
        <div className="sub" data-testid="tiers">
          {card.tiers
            .filter((t) => t.orderable && t.price !== null)
            .map((t) => `от ${t.from_quantity} шт. — ${formatPrice(t.price ?? 0, t.currency_sign)}`)
            .join(" · ")}
        </div>
      )}
      {card?.addition && (
        <div className="sub">
          + {card.addition.description}
          {card.addition.price !== null &&
            ` (${formatPrice(card.addition.price, card.addition.currency_sign)})`}
        </div>
      )}
    </>
  );
}
