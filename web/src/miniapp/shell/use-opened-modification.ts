import type { TMiniAppCard, TMiniAppMarket } from "@wholesale/contract";
import { OPEN_MODIFICATION_PARAM } from "@wholesale/contract/open-modification";
import { useEffect, useRef } from "react";
import type { SheetItem } from "../add-sheet/sheet-item.ts";
import { api } from "../api.ts";

/** The modification the page was opened at (`?modification=<id>`), or null. */
export function openedModification(search: string): number | null {
  const raw = new URLSearchParams(search).get(OPEN_MODIFICATION_PARAM);
  return raw && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null;
}

/** A card as the sheet takes an item: what its heading, stock and stepper start from. */
const sheetItemOf = (card: TMiniAppCard): SheetItem => ({
  id: card.id,
  name: card.name,
  product_name: card.product_name,
  brand_name: card.brand_name,
  stock: card.stock,
  from_quantity: card.quantities[0] ?? null,
  waiting: card.waiting,
});

type Options = {
  /** The market once the client is signed in: its card is the order's while open, the list's while closed. */
  market: TMiniAppMarket | null;
  onOpen: (item: SheetItem) => void;
  onError: (error: unknown, retry: null) => void;
};

/**
 * A «снова в наличии» message's button opens the page at the modification it tells of: once the client is
 * signed in, its sheet opens, once per page load.
 */
export function useOpenedModification({ market, onOpen, onError }: Options) {
  const done = useRef(false);
  useEffect(() => {
    if (!market || done.current) return;
    const id = openedModification(window.location.search);
    if (id === null) return;
    done.current = true;
    (market.open ? api.card(id) : api.listCard(id)).then(
      (card) => onOpen(sheetItemOf(card)),
      (error) => onError(error, null),
    );
  }, [market, onOpen, onError]);
}
