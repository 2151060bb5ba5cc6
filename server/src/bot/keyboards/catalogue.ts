import type { StockState } from "@wholesale/contract";
import { positionName, toKopecks } from "@wholesale/contract";
import { InlineKeyboard } from "grammy";
import {
  amountText,
  type BrandItem,
  type ModificationItem,
  type ModificationView,
  type Page,
  type ProductItem,
  type Quote,
} from "../../modules/ordering/index.ts";
import {
  addData,
  availableData,
  brandsData,
  type CardOrigin,
  cardData,
  modificationsData,
  productsData,
  quantityData,
  SEARCH_RESULTS,
  searchData,
  typedQuantityData,
} from "../callback-data/catalogue.ts";
import { orderData } from "../callback-data/order.ts";
import { askWaitData } from "../callback-data/stock-waits.ts";
import { texts } from "../texts.ts";
import { distinctLabels } from "./labels.ts";
import { pager } from "./pager.ts";

export const STOCK_MARK: Record<StockState, string> = { in_stock: "🟢", few: "🟡", none: "🔴" };

export function brandsKeyboard(page: Page<BrandItem>) {
  const keyboard = new InlineKeyboard();
  const labels = distinctLabels(page.items, (brand) => brand.name);
  page.items.forEach((brand, i) => {
    keyboard.text(labels[i] ?? brand.name, productsData.pack({ brandId: brand.id, page: 1 })).row();
  });
  return pager(keyboard, page, (p) => brandsData.pack({ page: p }));
}

export function productsKeyboard(brandId: number, page: Page<ProductItem>) {
  const keyboard = new InlineKeyboard();
  const labels = distinctLabels(page.items, (product) => product.name);
  page.items.forEach((product, i) => {
    keyboard
      .text(labels[i] ?? product.name, modificationsData.pack({ productId: product.id, page: 1 }))
      .row();
  });
  pager(keyboard, page, (p) => productsData.pack({ brandId, page: p }));
  return keyboard.row().text("« Назад", brandsData.pack({ page: 1 }));
}

/**
 * Buttons opening each modification's card, which remembers this list's page as its origin. In a product's list
 * a button names the modification; in search results, which mix brands and products, it names all three as
 * the order will (brand first: a long name cut short by Telegram's screen still shows whose it is).
 */
function modificationButtons(keyboard: InlineKeyboard, page: Page<ModificationItem>, productId: number) {
  const labels = distinctLabels(page.items, (m) =>
    productId === SEARCH_RESULTS
      ? positionName({ brand: m.brandName, product: m.productName, modification: m.name })
      : m.name,
  );
  page.items.forEach((m, i) => {
    keyboard
      .text(
        `${STOCK_MARK[m.stock]} ${labels[i] ?? m.name}`,
        cardData.pack({ modificationId: m.id, productId, page: page.page }),
      )
      .row();
  });
  return keyboard;
}

/** A product's modifications; «Назад» leads to their brand's products (the brands when none is listed). */
export function modificationsKeyboard(productId: number, page: Page<ModificationItem>) {
  const keyboard = modificationButtons(new InlineKeyboard(), page, productId);
  pager(keyboard, page, (p) => modificationsData.pack({ productId, page: p }));
  const brandId = page.items[0]?.brandId;
  const back = brandId === undefined ? brandsData.pack({ page: 1 }) : productsData.pack({ brandId, page: 1 });
  return keyboard.row().text("« Назад", back);
}

export function searchKeyboard(page: Page<ModificationItem>) {
  const keyboard = modificationButtons(new InlineKeyboard(), page, SEARCH_RESULTS);
  pager(keyboard, page, (p) => searchData.pack({ page: p }));
  return keyboard.row().text("Каталог", brandsData.pack({ page: 1 }));
}

/** The list a card was opened from. */
export function originData(origin: CardOrigin): string {
  return origin.productId === SEARCH_RESULTS
    ? searchData.pack({ page: origin.page })
    : modificationsData.pack({ productId: origin.productId, page: origin.page });
}

/** A refusal's one-tap way on: what a limit of the client's own still allows, or what the stock holds. */
export type RefusalOffer =
  | { kind: "allowed"; quantity: number; quote: Quote }
  | { kind: "available"; quantity: number; quote: Quote };

/**
 * The amounts the service would add now (view.quantities), at most two rows of them; after a refusal, its offer
 * first: «Добавить 3 шт. по 540 ₽» adds at once at the price shown, «Взять сколько есть» takes what the stock holds.
 * A modification out of stock offers «Сообщить о поступлении».
 */
export function cardKeyboard(view: ModificationView, origin: CardOrigin, offer?: RefusalOffer) {
  const keyboard = new InlineKeyboard();
  if (offer) {
    const values = {
      modificationId: view.id,
      productId: origin.productId,
      quantity: offer.quantity,
      price: confirmedKopecks(offer.quote),
    };
    if (offer.kind === "available") keyboard.text(texts.takeAvailable, availableData.pack(values)).row();
    else {
      const price =
        offer.quote.price === null ? "" : ` по ${amountText(offer.quote.price, offer.quote.currencySign)}`;
      keyboard.text(`Добавить ${offer.quantity} шт.${price}`, addData.pack(values)).row();
    }
  }
  view.quantities.slice(0, 8).forEach((quantity, i) => {
    if (i > 0 && i % 4 === 0) keyboard.row();
    keyboard.text(`${quantity} шт`, quantityData.pack({ modificationId: view.id, ...origin, quantity }));
  });
  if (view.canOrder)
    keyboard.row().text("Другое количество", typedQuantityData.pack({ modificationId: view.id, ...origin }));
  // Out of stock for the client: they may ask to hear when it is back, instead of ordering.
  if (view.stock === "none")
    keyboard.row().text(texts.askWait, askWaitData.pack({ modificationId: view.id, ...origin }));
  return keyboard.row().text("« Назад", originData(origin));
}

/** The price a confirm button carries, in kopecks: none for a client who may not see prices. */
export const confirmedKopecks = (quote: Quote) => (quote.price === null ? null : toKopecks(quote.price));

/** «✅ Подтвердить» adds the quantity at the quote's price, and only at it. */
export function confirmKeyboard(modificationId: number, origin: CardOrigin, quantity: number, quote: Quote) {
  const price = confirmedKopecks(quote);
  return new InlineKeyboard()
    .text("✅ Подтвердить", addData.pack({ modificationId, productId: origin.productId, quantity, price }))
    .row()
    .text("« Назад", cardData.pack({ modificationId, ...origin }));
}

/** Only the way back to the catalogue (the modification is gone). */
export function catalogueKeyboard() {
  return new InlineKeyboard().text("Каталог", brandsData.pack({ page: 1 }));
}

/** After adding: back to the list the card came from, the catalogue, or the order. */
export function addedKeyboard(origin: CardOrigin) {
  return new InlineKeyboard()
    .text(origin.productId === SEARCH_RESULTS ? "« К поиску" : "« К товару", originData(origin))
    .text("Каталог", brandsData.pack({ page: 1 }))
    .row()
    .text(texts.menu.order, orderData.pack({}));
}

/** «Открыть каталог»: the Mini App, opened by Telegram with the user's signed launch data. */
export function openCatalogueKeyboard(webAppUrl: string) {
  return new InlineKeyboard().webApp(texts.openCatalogue, webAppUrl);
}
