import type { TMiniAppCard, TPreparedList } from "@wholesale/contract";
import { useCallback, useEffect, useMemo, useState } from "react";
import { CardFacts } from "./add-sheet/CardFacts.tsx";
import type { SheetItem } from "./add-sheet/sheet-item.ts";
import { useSheetAdd } from "./add-sheet/use-sheet-add.ts";
import { api, Refused } from "./api.ts";
import { formatPrice, formatSum, itemName } from "./format.ts";
import { Stepper } from "./Stepper.tsx";
import { type Priced, useQuote } from "./use-quote.ts";
import { type OnWaiting, WaitOffer } from "./waits/WaitOffer.tsx";

/** The unit price and the position's sum at it. */
const priceText = ({ quote }: Priced) =>
  `${formatPrice(quote.price ?? 0, quote.currency_sign)} за шт. · сумма ${formatSum(quote.sum ?? 0, quote.currency_sign)}`;

/** The item's card as the order offers it, or as the list does. */
const cardOf = (id: number, listing: boolean) => (listing ? api.listCard(id) : api.card(id));

type Props = {
  item: SheetItem;
  /**
   * The market is closed for the client: the sheet puts the line in «Список к открытию» (the list's card and
   * quote, the line alone) instead of adding to the order; `inList` is the quantity the list holds already.
   */
  toList?: { inList: number | null };
  onClose: () => void;
  /** The notice to show, and the list as it now stands when the line went into it. */
  onAdded: (message: string, list: TPreparedList | null) => void;
  /** A sold-out item's «Сообщить о поступлении» asked, or its wait cancelled. */
  onWaiting: OnWaiting;
  onError: (error: unknown, retry: () => void) => void;
};

/**
 * «Добавить»: the card (`add-sheet/CardFacts.tsx`), a quantity stepper over the amounts the service would
 * accept now, the service's quote for the chosen quantity, and the add carrying the quote's price
 * (`add-sheet/use-sheet-add.ts`). A changed price adds nothing: the new quote is shown to confirm, and the
 * card's tiers are read again, so the sheet shows one price, the new one. An item out of stock for the client
 * offers «Сообщить о поступлении» instead (`waits/WaitOffer.tsx`).
 */
export function AddSheet({ item, toList, onClose, onAdded, onWaiting, onError }: Props) {
  const listing = toList !== undefined;
  const [card, setCard] = useState<TMiniAppCard | null>(null);
  const [quantity, setQuantity] = useState(item.from_quantity ?? 1);
  // The tiers read before a price changed: hidden until the card is read again.
  const [staleTiers, setStaleTiers] = useState(false);
  // Whether the client waits for it: the row's word, then the card's, then the sheet's own ask or cancel.
  const [waiting, setWaiting] = useState(item.waiting);
  const canOrder = card?.can_order ?? false;
  // A quote is for the whole position (with what the order holds already), or the list's line alone.
  const ask = useMemo(
    () => (canOrder ? (q: number) => (listing ? api.listQuote(item.id, q) : api.quoteAdd(item.id, q)) : null),
    [canOrder, item.id, listing],
  );
  const { quote, problem, setProblem, refusal: quoteRefusal } = useQuote(quantity, ask);
  const { add, busy, tooFast, changed, addRefusal, forget } = useSheetAdd({
    item,
    listing,
    setProblem,
    onPriceChanged: () => {
      setStaleTiers(true);
      cardOf(item.id, listing).then(
        (c) => {
          setCard(c);
          setStaleTiers(false);
        },
        () => undefined,
      );
    },
    onAdded,
    onError,
  });
  const refusal = addRefusal ?? quoteRefusal;
  // The stock holds fewer than asked: «Взять сколько есть» at the price of what was asked.
  const takeable = !listing && refusal?.take_available && refusal.quote ? refusal.quote : null;

  const readCard = useCallback(() => {
    const open = () =>
      cardOf(item.id, listing).then(
        (c) => {
          setCard(c);
          setWaiting(c.waiting);
          setQuantity(c.quantities[0] ?? item.from_quantity ?? 1);
          setProblem(c.can_order ? null : c.reason);
        },
        (error) => (error instanceof Refused ? setProblem(error.message) : onError(error, open)),
      );
    void open();
  }, [item, onError, listing, setProblem]);
  useEffect(readCard, [readCard]);

  const most = card?.up_to ?? Number.POSITIVE_INFINITY;
  const least = card?.quantities[0] ?? 1;
  const ready = quote !== null && quote.asked === quantity && problem === null && !busy;
  const soldOut = (card?.stock ?? item.stock) === "none";
  return (
    <div className="sheet-back">
      <div className="sheet" role="dialog" aria-label={itemName(item)}>
        <CardFacts item={item} card={card} waiting={waiting} staleTiers={staleTiers} />
        {soldOut ? (
          <WaitOffer
            modification={item.id}
            onClose={onClose}
            onWaiting={(modification, now) => {
              setWaiting(now);
              onWaiting(modification, now);
            }}
            onRefused={readCard}
            onError={onError}
          />
        ) : (
          <>
            {card?.can_order && (
              <Stepper
                value={quantity}
                least={least}
                most={most}
                onChange={(q) => {
                  // A price changed, or a refusal, at another quantity is not this one's: it is quoted afresh.
                  forget();
                  setQuantity(q);
                }}
              >
                <span className="sub">{card.up_to !== null && `не больше ${card.up_to} шт.`}</span>
              </Stepper>
            )}
            {quote && quote.quote.sum !== null && !changed && <div>{priceText(quote)}</div>}
            {toList?.inList && (
              <div className="sub">Уже в списке: {toList.inList} шт. Количество заменится новым.</div>
            )}
            {quote && quote.quote.quantity !== quote.asked && !changed && (
              <div className="sub">В заказе будет {quote.quote.quantity} шт.</div>
            )}
            {(problem ?? tooFast) && (
              <div className="notice error" role="alert">
                {problem ?? tooFast}
              </div>
            )}
            {changed && changed.quote.price !== null && (
              <div className="notice">Новая цена: {priceText(changed)}</div>
            )}
            <div className="actions">
              <button type="button" className="plain" onClick={onClose}>
                Отмена
              </button>
              {takeable && !changed && (
                <button
                  type="button"
                  disabled={busy}
                  onClick={() => void add({ asked: quantity, quote: takeable }, true)}
                >
                  Взять сколько есть
                </button>
              )}
              {changed ? (
                <button type="button" disabled={busy} onClick={() => void add(changed)}>
                  Подтвердить
                </button>
              ) : (
                <button type="button" disabled={!ready} onClick={() => quote && void add(quote)}>
                  {listing ? "В список" : "Добавить"}
                </button>
              )}
            </div>
          </>
        )}
      </div>
    </div>
  );
}
