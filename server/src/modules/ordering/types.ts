import type { StockState } from "@wholesale/contract";
import type { Db } from "../../db/client.ts";
import type { UpdateReceipt } from "../../db/handled-updates.ts";
import type { PositionStatus } from "../../db/schema/index.ts";
import type { Clock } from "../../lib/clock.ts";
import type { CountAttempt } from "../../lib/metrics.ts";
import type { MarketState } from "../market/index.ts";

export type { MarketState };

/**
 * `clock` defaults to the system clock. `readOnce` makes a service for one bot update: the client and the
 * market are read at its first call and its later calls reuse them, so a tap's standing check, its order
 * change and a refusal's card all pay one read between them. Without it every call reads them afresh.
 * `receipt` is the bot update the service's changes carry out: a change records it in its own transaction
 * (on the position's write, at no round trip of its own), and throws UpdateAlreadyHandled, changing nothing,
 * when another delivery of the update has recorded it.
 * `countAttempt` counts the adds, changes and removals by outcome for the metrics (attempts.ts).
 */
export type OrderingDeps = {
  db: Db;
  clock?: Clock;
  readOnce?: boolean;
  receipt?: UpdateReceipt;
  countAttempt?: CountAttempt;
};

/**
 * What one caller changes of the service it was handed: another database handle (a transaction, a dry run's
 * rolled-back one), a read kept for one update or request, the update carried out, how attempts are counted.
 */
export type OrderingScope = Partial<Omit<OrderingDeps, "clock">>;

/** A prepared list's line an add applies: its send and place in it, and the client's list line (null: none). */
export type AppliedLine = { sendId: number; place: number; line: number | null };

/** The line of a send was applied already, by an earlier statement: this add wrote nothing. */
export class LineAlreadyApplied extends Error {
  constructor(readonly line: AppliedLine) {
    super(`line ${line.place} of send ${line.sendId} was applied already`);
  }
}

/** One page of a list; `page` counts from 1 and `pages` is at least 1 (an empty list has one empty page). */
export type Page<T> = { items: T[]; page: number; pages: number };

export type PriceList = "small" | "large";

export type BrandItem = { id: number; name: string };
export type ProductItem = { id: number; name: string; brandId: number };
export type ModificationItem = {
  id: number;
  name: string;
  productId: number;
  brandId: number;
  productName: string;
  brandName: string;
  stock: StockState;
};

/** A row of the Mini App's list: the modification with the price of its smallest sold quantity. */
export type CatalogueItem = ModificationItem & {
  /** Null when the client may not see prices, or nothing is sold to the client. */
  price: number | null;
  currencySign: string;
  /** The smallest quantity sold to this client; null when none is. */
  fromQuantity: number | null;
};

/** What the Mini App's list shows: a search's words, one brand, both or neither. */
export type CatalogueQuery = { text?: string; brandId?: number };

/**
 * One price tier as the client sees it. `price` is null when the client may not see prices
 * (allowed_price off); `orderable` is false for a list shown only through the brand's all_prices.
 */
export type TierView = {
  fromQuantity: number;
  price: number | null;
  currencyId: number;
  currencySign: string;
  list: PriceList;
  orderable: boolean;
};

export type ModificationView = {
  id: number;
  name: string;
  productName: string;
  brandName: string;
  specifications: string;
  addition: { description: string; price: number | null; currencySign: string } | null;
  tiers: TierView[];
  stock: StockState;
  /** Whether this client may order any units now (stock, hand limit, exclusive entry, total limit). */
  canOrder: boolean;
  /**
   * The most units the client may still order, when a limit of the client's own sets it (the hand limit, an
   * exclusive entry, the day's sum); null when only the stock does, whose figure the client is never told.
   */
  upTo: number | null;
  /** Why the client cannot order, in Russian, or null. */
  reason: string | null;
  /**
   * Amounts worth a button, ascending: 1, 5, 10, 20, 50, 100 and each sold tier's threshold, only those the
   * service would add now (every rule checked, the first sold tier included).
   */
  quantities: number[];
};

/**
 * What a position would be, for the client to confirm: its whole quantity (with what the order holds
 * already) at the tier it reaches. `price` and `sum` are null when the client may not see prices.
 */
export type Quote = { quantity: number; price: number | null; sum: number | null; currencySign: string };

export type PositionView = {
  id: number;
  modificationId: number;
  name: string;
  quantity: number;
  /** Null (and `sum` too) when the client may not see prices (allowed_price off): staff still see them. */
  price: number | null;
  currencyId: number;
  currencySign: string;
  status: PositionStatus;
  /** Russian status label: «Добавлен», «Отправлен на сборку», «Собран». */
  statusLabel: string;
  sum: number | null;
  /** Only «Добавлен» positions can be changed or removed. */
  changeable: boolean;
};

export type CurrencyTotal = { currencyId: number; currencySign: string; amount: number };

export type TodayOrder = {
  orderId: number | null;
  /** The Moscow business day (YYYY-MM-DD). */
  day: string;
  positions: PositionView[];
  /** Per currency; null when the client may not see prices. */
  totals: CurrencyTotal[] | null;
};

export type RefusalCode =
  | "client_not_allowed"
  | "market_closed"
  | "not_found"
  | "bad_quantity"
  | "not_sold"
  | "out_of_stock"
  | "hand_limit"
  | "exclusive_limit"
  | "total_limit"
  | "not_changeable"
  /** The price charged now is not the one the client confirmed: nothing changed, `quote` is the new one. */
  | "price_changed"
  /** More adds and changes in a row than the client's allowance (order-rate.ts): nothing changed. */
  | "too_fast";

/**
 * Why a call was refused. `card` is the modification as the client may order it now, when the refusal was
 * decided from what the call had read (the bot shows it without reading it again).
 */
export type Refusal = {
  ok: false;
  code: RefusalCode;
  message: string;
  /**
   * What a limit of the client's own still allows (units to add, or a change's largest quantity), 0 when
   * nothing is left; absent when the stock is what bounds it (its figure is never told) or no limit refused.
   */
  canStill?: number;
  /**
   * The stock (not a limit of the client's own) bounds the quantity and some of it is left: «Взять сколько
   * есть» (addAvailable) adds what is left, whose figure the client reads only once it is in their order.
   */
  takeAvailable?: boolean;
  card?: ModificationView;
  quote?: Quote;
};

export type PositionResult = { ok: true; position: PositionView; order: TodayOrder } | Refusal;
/** Adding a quantity, judged before the client confirms it: the card and the position it would make. */
export type AddPreview = { ok: true; card: ModificationView; quote: Quote } | Refusal;
/** Changing a position's quantity, judged before the client confirms it: the position now and as it would be. */
export type ChangePreview = { ok: true; position: PositionView; quote: Quote } | Refusal;
export type RemoveResult = { ok: true; order: TodayOrder } | Refusal;

/** A modification as one client sees it, and whether it is in stock for them. */
export type StockForClient = { card: ModificationView; inStock: boolean };

/** Whether the client may use the bot's market at all, and the market's state for them. */
export type ClientStanding =
  | { ok: true; market: MarketState }
  | { ok: false; code: "client_not_allowed" | "not_found"; message: string };

export type OrderingService = {
  /**
   * The same service (its clock, its counting) with `scope` changed: the service is made once (services.ts,
   * the bot) and each request, update or transaction takes its own scope of it.
   */
  on(scope: OrderingScope): OrderingService;
  standing(clientId: number): Promise<ClientStanding>;
  /** The lists are empty for a client who may not order, and while the market is closed for them. */
  listBrands(clientId: number, page: number): Promise<Page<BrandItem>>;
  listProducts(clientId: number, brandId: number, page: number): Promise<Page<ProductItem>>;
  listModifications(clientId: number, productId: number, page: number): Promise<Page<ModificationItem>>;
  searchModifications(clientId: number, text: string, page: number): Promise<Page<ModificationItem>>;
  /** The Mini App's list: larger pages, priced rows; empty as the other lists when the client may not browse. */
  catalogue(clientId: number, query: CatalogueQuery, page: number): Promise<Page<CatalogueItem>>;
  /** Every brand the client sees (the Mini App's chips), in one list. */
  allBrands(clientId: number): Promise<BrandItem[]>;
  /** The card; null when hidden or the market is closed. */
  getModification(clientId: number, modificationId: number): Promise<ModificationView | null>;
  /**
   * The card whatever the market's hours, and whether the modification is back in stock for the client
   * (rules/in-stock.ts): what a wait for it is asked and announced by. Null when the client may not order at
   * all or does not see the modification.
   */
  stockFor(clientId: number, modificationId: number): Promise<StockForClient | null>;
  /**
   * Adding `quantity`, judged by every rule now, before the client confirms it: nothing is written. The
   * confirmation gives the quote's price back to addPosition.
   */
  previewAdd(clientId: number, modificationId: number, quantity: number): Promise<AddPreview>;
  /** Changing a position to `quantity`, judged the same way, for changePosition. */
  previewChange(clientId: number, positionId: number, quantity: number): Promise<ChangePreview>;
  /**
   * `confirmedPrice` is the unit price the client confirmed (the preview's quote): when the client sees prices
   * and none was given or the price charged now differs, nothing changes and the refusal (`price_changed`)
   * carries the quote to confirm. A client who may not see prices confirms the quantity alone (null).
   */
  addPosition(
    clientId: number,
    modificationId: number,
    quantity: number,
    confirmedPrice: number | null,
  ): Promise<PositionResult>;
  /**
   * «Взять сколько есть»: `quantity` units, or as many as the stock holds when it holds fewer, at the tier they
   * reach (add-available.ts); `confirmedPrice` is the one the client saw for `quantity`.
   */
  addAvailable(
    clientId: number,
    modificationId: number,
    quantity: number,
    confirmedPrice: number | null,
  ): Promise<PositionResult>;
  /**
   * A prepared list's lines added in order, each judged as addPosition judges a tap on the order the lines
   * before it leave (add-lines.ts); a line found applied by an earlier statement is answered as such. The call
   * is one change of the client's allowance: beyond it, or when the client may not order now, the whole call is
   * refused and nothing is added.
   */
  addPositions(
    clientId: number,
    lines: {
      modificationId: number;
      quantity: number;
      confirmedPrice: number | null;
      applies: AppliedLine;
    }[],
  ): Promise<{ ok: true; lines: (PositionResult | LineAlreadyApplied)[] } | Refusal>;
  changePosition(
    clientId: number,
    positionId: number,
    quantity: number,
    confirmedPrice: number | null,
  ): Promise<PositionResult>;
  removePosition(clientId: number, positionId: number): Promise<RemoveResult>;
  todayOrder(clientId: number): Promise<TodayOrder>;
};

/** A position of the client's order today, with what the limits need of its modification. */
export type DayPosition = {
  id: number;
  modificationId: number;
  brandId: number;
  exclusive: boolean;
  quantity: number;
  price: number;
  currencyId: number;
};

export type Check =
  | { ok: true }
  | {
      ok: false;
      code: LimitCode;
      limit: number;
      maxTotal: number;
      /**
       * maxTotal is what the stock allows, tighter than every limit of the client's own: naming it would tell
       * the stock, which the client is never told (only in stock / few / none).
       */
      stockBound: boolean;
    };

export type LimitCode = "out_of_stock" | "hand_limit" | "exclusive_limit" | "total_limit";
