import type { TMiniAppRefusal, TPreparedList } from "@wholesale/contract";
import { useState } from "react";
import { api, Refused } from "../api.ts";
import { haptic } from "../bridge.ts";
import { itemName } from "../format.ts";
import type { Priced } from "../use-quote.ts";
import type { SheetItem } from "./sheet-item.ts";

type Options = {
  item: SheetItem;
  /** The line goes into «Список к открытию» instead of the order. */
  listing: boolean;
  /** The sheet's one problem (the quote's), which a refusal of the add replaces. */
  setProblem: (problem: string) => void;
  /** The add was refused at a price that has changed since: the card's tiers are read again. */
  onPriceChanged: () => void;
  onAdded: (message: string, list: TPreparedList | null) => void;
  onError: (error: unknown, retry: () => void) => void;
};

/**
 * The sheet's add at a quoted price, to the order or to the list, and what its refusal leaves on the sheet:
 * a changed price to confirm, too many adds in a row (the same button goes through a second later), or the
 * service's refusal with what it offers instead.
 */
export function useSheetAdd({ item, listing, setProblem, onPriceChanged, onAdded, onError }: Options) {
  const [busy, setBusy] = useState(false);
  // Too many adds in a row: said in the sheet, but the same «Добавить» goes through a second later.
  const [tooFast, setTooFast] = useState<string | null>(null);
  const [changed, setChanged] = useState<Priced | null>(null);
  // The add's own refusal (the quote's, until an add is refused): what it offers instead.
  const [addRefusal, setAddRefusal] = useState<TMiniAppRefusal | null>(null);

  /** `available`: «Взять сколько есть», the units the stock holds, up to the quantity asked. */
  async function add(confirmed: Priced, available = false) {
    setBusy(true);
    setTooFast(null);
    setAddRefusal(null);
    try {
      if (listing) {
        const list = await api.addLine({
          modification: item.id,
          quantity: confirmed.asked,
          price_kopecks: confirmed.quote.price_kopecks,
        });
        haptic.success();
        const name = list.lines.find((l) => l.modification === item.id)?.name ?? itemName(item);
        onAdded(`В списке к открытию: ${name}, ${confirmed.asked} шт.`, list);
        return;
      }
      const body = {
        modification: item.id,
        quantity: confirmed.asked,
        price_kopecks: confirmed.quote.price_kopecks,
      };
      const done = await (available ? api.addAvailable(body) : api.add(body));
      haptic.success();
      const whole = done.position.quantity;
      onAdded(
        available
          ? `Добавлено сколько есть: ${done.position.name}, в заказе ${whole} шт.`
          : `Добавлено: ${done.position.name}, ${confirmed.asked} шт.${whole !== confirmed.asked ? ` (в заказе ${whole} шт.)` : ""}`,
        null,
      );
    } catch (error) {
      haptic.error();
      if (error instanceof Refused && error.refusal?.code === "price_changed" && error.refusal.quote) {
        setChanged({ asked: confirmed.asked, quote: error.refusal.quote });
        setProblem(error.message);
        onPriceChanged();
      } else if (error instanceof Refused && error.refusal?.code === "too_fast") setTooFast(error.message);
      else if (error instanceof Refused) {
        setProblem(error.message);
        setAddRefusal(error.refusal);
      } else onError(error, () => void add(confirmed, available));
    } finally {
      setBusy(false);
    }
  }

  /** Another quantity: a changed price or a refusal at the last one is not its own, it is quoted afresh. */
  const forget = () => {
    setChanged(null);
    setAddRefusal(null);
  };

  return { add, busy, tooFast, changed, addRefusal, forget };
}
