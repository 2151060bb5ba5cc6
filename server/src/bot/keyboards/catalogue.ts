import { InlineKeyboard } from "grammy";
import type {
  BrandItem,
  ModificationItem,
  ModificationView,
  Page,
  ProductItem,
  StockState,
} from "../../modules/ordering/index.ts";
import {
  addData,
  brandsData,
  cardData,
  modificationsData,
  productsData,
  quantityData,
  searchData,
  typedQuantityData,
} from "../callback-data/catalogue.ts";

export const STOCK_MARK: Record<StockState, string> = { in_stock: "🟢", few: "🟡", none: "🔴" };

/** «‹» and «›» around «2/5» when there is more than one page. */
function pager(keyboard: InlineKeyboard, page: Page<unknown>, to: (page: number) => string) {
  if (page.pages <= 1) return keyboard;
  keyboard.row();
  if (page.page > 1) keyboard.text("‹", to(page.page - 1));
  keyboard.text(`${page.page}/${page.pages}`, to(page.page));
  if (page.page < page.pages) keyboard.text("›", to(page.page + 1));
  return keyboard;
}

export function brandsKeyboard(page: Page<BrandItem>) {
  const keyboard = new InlineKeyboard();
  for (const brand of page.items)
    keyboard.text(brand.name, productsData.pack({ brandId: brand.id, page: 1 })).row();
  return pager(keyboard, page, (p) => brandsData.pack({ page: p }));
}

export function productsKeyboard(brandId: number, page: Page<ProductItem>) {
  const keyboard = new InlineKeyboard();
  for (const product of page.items) {
    keyboard.text(product.name, modificationsData.pack({ productId: product.id, brandId, page: 1 })).row();
  }
  pager(keyboard, page, (p) => productsData.pack({ brandId, page: p }));
  return keyboard.row().text("« Назад", brandsData.pack({ page: 1 }));
}

function modificationButtons(keyboard: InlineKeyboard, items: ModificationItem[], withProduct: boolean) {
  for (const m of items) {
    const name = withProduct ? `${m.productName} ${m.name}` : m.name;
    keyboard
      .text(`${STOCK_MARK[m.stock]} ${name}`, cardData.pack({ modificationId: m.id, productId: m.productId }))
      .row();
  }
  return keyboard;
}

export function modificationsKeyboard(productId: number, brandId: number, page: Page<ModificationItem>) {
  const keyboard = modificationButtons(new InlineKeyboard(), page.items, false);
  pager(keyboard, page, (p) => modificationsData.pack({ productId, brandId, page: p }));
  const back = brandId > 0 ? productsData.pack({ brandId, page: 1 }) : brandsData.pack({ page: 1 });
  return keyboard.row().text("« Назад", back);
}

export function searchKeyboard(page: Page<ModificationItem>) {
  const keyboard = modificationButtons(new InlineKeyboard(), page.items, true);
  pager(keyboard, page, (p) => searchData.pack({ page: p }));
  return keyboard.row().text("Каталог", brandsData.pack({ page: 1 }));
}

const COMMON_QUANTITIES = [1, 5, 10, 20, 50, 100];

/**
 * Quantities to tap: the common ones and every tier's threshold, up to what the client may still order (the
 * service's figure, so a button never offers what it would refuse; it still checks again on adding).
 */
export function cardKeyboard(view: ModificationView, productId: number) {
  const keyboard = new InlineKeyboard();
  const amounts = [
    ...new Set([...COMMON_QUANTITIES, ...view.tiers.filter((t) => t.orderable).map((t) => t.fromQuantity)]),
  ]
    .filter((q) => q <= view.canOrder)
    .sort((a, b) => a - b)
    .slice(0, 8);
  amounts.forEach((quantity, i) => {
    if (i > 0 && i % 4 === 0) keyboard.row();
    keyboard.text(`${quantity} шт`, quantityData.pack({ modificationId: view.id, productId, quantity }));
  });
  if (view.canOrder > 0)
    keyboard.row().text("Другое количество", typedQuantityData.pack({ modificationId: view.id, productId }));
  return keyboard.row().text("« Назад", modificationsData.pack({ productId, brandId: 0, page: 1 }));
}

export function confirmKeyboard(modificationId: number, productId: number, quantity: number) {
  return new InlineKeyboard()
    .text("✅ Подтвердить", addData.pack({ modificationId, productId, quantity }))
    .row()
    .text("« Назад", cardData.pack({ modificationId, productId }));
}
