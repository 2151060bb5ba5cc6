import type {
  TMiniAppCard,
  TMiniAppItem,
  TMiniAppMarket,
  TMiniAppOrder,
  TMiniAppPosition,
  TMiniAppQuote,
  TMiniAppRefusal,
} from "@wholesale/contract";
import {
  type CatalogueItem,
  type MarketState,
  type ModificationView,
  type PositionView,
  type Quote,
  type Refusal,
  type TodayOrder,
  toKopecks,
} from "../ordering/index.ts";

/** The ordering service's answers in the API's snake_case: shapes only, every figure as the service gave it. */

export const marketOf = (m: MarketState): TMiniAppMarket => ({
  open: m.open,
  open_until: m.openUntil?.toISOString() ?? null,
  next_open_at: m.nextOpenAt?.toISOString() ?? null,
});

/** A row of the list; `waited`: the modifications the client waits for (WaitedFor). */
export const itemOf = (i: CatalogueItem, waited: ReadonlySet<number>): TMiniAppItem => ({
  id: i.id,
  name: i.name,
  product_name: i.productName,
  brand_id: i.brandId,
  brand_name: i.brandName,
  stock: i.stock,
  price: i.price,
  currency_sign: i.currencySign,
  from_quantity: i.fromQuantity,
  waiting: waited.has(i.id),
});

export const cardOf = (c: ModificationView, waiting: boolean): TMiniAppCard => ({
  id: c.id,
  name: c.name,
  product_name: c.productName,
  brand_name: c.brandName,
  specifications: c.specifications,
  addition: c.addition && {
    description: c.addition.description,
    price: c.addition.price,
    currency_sign: c.addition.currencySign,
  },
  tiers: c.tiers.map((t) => ({
    from_quantity: t.fromQuantity,
    price: t.price,
    currency_sign: t.currencySign,
    orderable: t.orderable,
  })),
  stock: c.stock,
  can_order: c.canOrder,
  up_to: c.upTo,
  reason: c.reason,
  quantities: c.quantities,
  waiting,
});

export const quoteOf = (q: Quote): TMiniAppQuote => ({
  quantity: q.quantity,
  price: q.price,
  // The price the page sends back to confirm: the service's own rounding to the kopeck.
  price_kopecks: q.price === null ? null : toKopecks(q.price),
  sum: q.sum,
  currency_sign: q.currencySign,
});

export const positionOf = (p: PositionView): TMiniAppPosition => ({
  id: p.id,
  modification: p.modificationId,
  name: p.name,
  quantity: p.quantity,
  price: p.price,
  currency_sign: p.currencySign,
  status: p.status,
  status_label: p.statusLabel,
  sum: p.sum,
  changeable: p.changeable,
});

export const totalsOf = (o: TodayOrder): TMiniAppOrder["totals"] =>
  o.totals?.map((t) => ({ currency_sign: t.currencySign, amount: t.amount })) ?? null;

export const orderOf = (o: TodayOrder): TMiniAppOrder => ({
  order_id: o.orderId,
  day: o.day,
  positions: o.positions.map(positionOf),
  totals: totalsOf(o),
});

export const refusalOf = (
  r: Pick<Refusal, "code" | "message" | "canStill" | "takeAvailable" | "quote">,
): TMiniAppRefusal => ({
  detail: r.message,
  code: r.code,
  can_still: r.canStill ?? null,
  take_available: r.takeAvailable === true,
  quote: r.quote ? quoteOf(r.quote) : null,
});

/** A refusal's HTTP status, in the error model's terms; every other reason is a 409 (the state refuses it). */
export function refusalStatus(code: Refusal["code"]): RefusalStatus {
  if (code === "client_not_allowed") return 403;
  if (code === "not_found") return 404;
  if (code === "bad_quantity") return 400;
  if (code === "too_fast") return 429;
  return 409;
}
export type RefusalStatus = 400 | 403 | 404 | 409 | 429;
