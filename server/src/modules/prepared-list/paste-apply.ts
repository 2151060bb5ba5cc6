import {
  confirmedPriceOf,
  PREPARED_LIST_MAX_LINES,
  type TPasteAppliedLine,
  type TPasteApply,
} from "@wholesale/contract";
import type { Db, Tx } from "../../db/client.ts";
import { conflict } from "../../http/errors.ts";
import type { MarketState } from "../market/index.ts";
import { refusalOf } from "../miniapp/index.ts";
import { type ListView, MAX_QUANTITY, orderingTexts, validQuantity } from "../ordering/index.ts";
import { inListOf, lockedList, TOO_MANY_LINES, writeLines } from "./list-lines.ts";

const tooManyPasted = (free: number, fresh: number) =>
  `${TOO_MANY_LINES} Свободных мест: ${free}, а новых позиций выбрано: ${fresh}. Ничего не добавлено: ` +
  "снимите отметку с лишних.";
const listChanged = (now: number, shown: number) =>
  `Список изменился: в нём ${now} шт. этого товара, а не ${shown}. Ничего не прибавлено: проверьте количество.`;
const overMaximum = (before: number, total: number) =>
  `В списке уже ${before} шт.: вместе было бы ${total} шт., а можно не больше ${MAX_QUANTITY}.`;

/** A pasted line's modification and units: the lines of one modification added up, in first-seen order. */
function combined(lines: TPasteApply["lines"]) {
  const by = new Map<number, TPasteApply["lines"][number]>();
  for (const line of lines) {
    const seen = by.get(line.modification);
    // The later line's price is the one the page showed for the sum.
    if (seen) by.set(line.modification, { ...line, quantity: seen.quantity + line.quantity });
    else by.set(line.modification, { ...line });
  }
  return [...by.values()];
}

/**
 * A paste's chosen lines added to the list in one transaction, each judged as an add to the list is, on the
 * units the list will hold (its own plus the paste's): a refused line is answered alone, and new positions
 * past the cap refuse the whole paste (409) before anything is written.
 */
export async function addPasted(
  on: Db | Tx,
  clientId: number,
  s: { market: MarketState; view: ListView },
  lines: TPasteApply["lines"],
): Promise<TPasteAppliedLine[]> {
  const asked = combined(lines);
  // Whether each is sold is judged before the lock, where the ordering service's kept data serves the reads,
  // on the units the list holds now; the lock then weighs the sums and the cap on the list as it stands.
  const had = await inListOf(on, clientId);
  const ids = asked.map((a) => a.modification);
  const quotes = await s.view.quotes(
    asked.map((a) => ({
      modificationId: a.modification,
      quantity: (had.get(a.modification) ?? 0) + a.quantity,
    })),
    on,
  );
  const names = await s.view.names(ids, on);
  return lockedList(on, clientId, async (tx, held) => {
    const holds = new Map(held.map((l) => [l.modificationId, l.quantity]));
    const sized = asked.map((a) => {
      const before = holds.get(a.modification) ?? 0;
      return { ...a, before, total: before + a.quantity };
    });
    const results: TPasteAppliedLine[] = sized.map((a, i) => {
      const name = names.get(a.modification) ?? orderingTexts.notFound;
      if (a.before !== a.in_list)
        return {
          status: "changed",
          modification: a.modification,
          name,
          quantity: a.quantity,
          in_list: a.before,
          detail: listChanged(a.before, a.in_list),
        };
      const quote = quotes[i];
      const refusal = !validQuantity(a.quantity)
        ? refusalOf({ code: "bad_quantity", message: orderingTexts.badQuantity })
        : a.total > MAX_QUANTITY
          ? refusalOf({ code: "bad_quantity", message: overMaximum(a.before, a.total) })
          : quote && !quote.ok
            ? refusalOf(quote)
            : null;
      return refusal
        ? { status: "refused", modification: a.modification, name, quantity: a.quantity, refusal }
        : {
            status: "added",
            modification: a.modification,
            name,
            quantity: a.quantity,
            before: a.before,
            total: a.total,
          };
    });
    const taken = sized.filter((_, i) => results[i]?.status === "added");
    const fresh = taken.filter((a) => a.before === 0).length;
    const free = PREPARED_LIST_MAX_LINES - held.length;
    if (fresh > free) throw conflict(tooManyPasted(Math.max(0, free), fresh));
    await writeLines(
      tx,
      clientId,
      s.market.open,
      held,
      taken.map((a) => ({
        modificationId: a.modification,
        quantity: a.total,
        confirmedPrice: confirmedPriceOf(a.price_kopecks),
      })),
    );
    return results;
  });
}
