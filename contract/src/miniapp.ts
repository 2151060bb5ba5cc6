import { ZErrorSchema, ZIdSchema } from "./common.ts";
import { ZPositionStatusSchema } from "./sales.ts";
import { z } from "./zod-ru.ts";

/**
 * The Telegram Mini App's API (/api/app/…). The client is named by the client token only, never by an id in
 * a request, so no call can reach another client's data. Prices are null wherever the client may not see them
 * (allowed_price off), and stock is a state, never a figure.
 */

/** The raw `tgWebAppData` string Telegram passed in the launch URL's hash, signed with the bot's token. */
export const ZMiniAppSessionRequestSchema = z.object({ init_data: z.string().min(1).max(8192) });
export type TMiniAppSessionRequest = z.infer<typeof ZMiniAppSessionRequestSchema>;

/** The market for this client: the market's own decision, with when it closes or opens next. */
export const ZMiniAppMarketSchema = z.object({
  open: z.boolean(),
  open_until: z.string().nullable(),
  next_open_at: z.string().nullable(),
});
export type TMiniAppMarket = z.infer<typeof ZMiniAppMarketSchema>;

export const ZMiniAppClientSchema = z.object({
  id: z.number().int(),
  nickname: z.string(),
  /** Whether prices are shown (allowed_price): without it every price in every answer is null. */
  sees_prices: z.boolean(),
});
export type TMiniAppClient = z.infer<typeof ZMiniAppClientSchema>;

/**
 * A session: a short-lived client token for /api/app/… with the client, or why there is none (the user is
 * not a client yet, waits for confirmation, was declined, or may not order): the page says so in `detail`.
 */
export const ZMiniAppSessionSchema = z.discriminatedUnion("status", [
  z.object({
    status: z.literal("client"),
    token: z.string(),
    expires_in: z.number().int(),
    client: ZMiniAppClientSchema,
    market: ZMiniAppMarketSchema,
  }),
  z.object({
    status: z.literal("not_client"),
    reason: z.enum(["unknown", "waiting", "declined", "not_allowed"]),
    detail: z.string(),
  }),
]);
export type TMiniAppSession = z.infer<typeof ZMiniAppSessionSchema>;

/** What the client is told of the stock, never the figure: STOCK_WORDS (stock-words.ts) in Russian. */
export const STOCK_STATES = ["in_stock", "few", "none"] as const;
export const ZStockStateSchema = z.enum(STOCK_STATES);
export type TStockState = z.infer<typeof ZStockStateSchema>;

export const ZMiniAppBrandSchema = z.object({ id: z.number().int(), name: z.string() });
export const ZMiniAppBrandListSchema = z.object({ results: z.array(ZMiniAppBrandSchema) });
export type TMiniAppBrand = z.infer<typeof ZMiniAppBrandSchema>;
export type TMiniAppBrandList = z.infer<typeof ZMiniAppBrandListSchema>;

/** One row of the list or of a search: `price` is the price from the first sold tier, null without prices. */
export const ZMiniAppItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  product_name: z.string(),
  brand_id: z.number().int(),
  brand_name: z.string(),
  stock: ZStockStateSchema,
  price: z.number().nullable(),
  currency_sign: z.string(),
  /** The smallest quantity sold; null when nothing is sold to this client now. */
  from_quantity: z.number().int().nullable(),
  /** The client waits to hear when it is back in stock («Сообщить о поступлении», stock-waits.ts). */
  waiting: z.boolean(),
});
export type TMiniAppItem = z.infer<typeof ZMiniAppItemSchema>;

export const ZMiniAppCatalogueQuerySchema = z.object({
  /** Words that must all occur in the name, specifications, product or brand (2 characters at least). */
  search: z.string().trim().max(100).optional(),
  brand: ZIdSchema.optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type TMiniAppCatalogueQuery = z.input<typeof ZMiniAppCatalogueQuerySchema>;

export const ZMiniAppCatalogueSchema = z.object({
  items: z.array(ZMiniAppItemSchema),
  page: z.number().int(),
  pages: z.number().int(),
  /** The list is empty while the market is closed for the client: the page shows the market instead. */
  market: ZMiniAppMarketSchema,
});
export type TMiniAppCatalogue = z.infer<typeof ZMiniAppCatalogueSchema>;

export const ZMiniAppTierSchema = z.object({
  from_quantity: z.number().int(),
  price: z.number().nullable(),
  currency_sign: z.string(),
  orderable: z.boolean(),
});

/** A modification as the client may order it now (the bot's card). */
export const ZMiniAppCardSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  product_name: z.string(),
  brand_name: z.string(),
  specifications: z.string(),
  addition: z
    .object({ description: z.string(), price: z.number().nullable(), currency_sign: z.string() })
    .nullable(),
  tiers: z.array(ZMiniAppTierSchema),
  stock: ZStockStateSchema,
  can_order: z.boolean(),
  /** The most units a limit of the client's own still allows; null when only the stock bounds it. */
  up_to: z.number().int().nullable(),
  reason: z.string().nullable(),
  /** Amounts the service would add now, ascending: the stepper's steps. */
  quantities: z.array(z.number().int()),
  /** The client waits to hear when it is back in stock (as the item's). */
  waiting: z.boolean(),
});
export type TMiniAppCard = z.infer<typeof ZMiniAppCardSchema>;

/**
 * What a position would cost, to be confirmed: `price_kopecks` is sent back with the add or change as the
 * price the client saw. Null prices without allowed_price.
 */
export const ZMiniAppQuoteSchema = z.object({
  quantity: z.number().int(),
  price: z.number().nullable(),
  price_kopecks: z.number().int().nullable(),
  sum: z.number().nullable(),
  currency_sign: z.string(),
});
export type TMiniAppQuote = z.infer<typeof ZMiniAppQuoteSchema>;

/**
 * A quote for adding `quantity` of a modification, or for changing a position of today's order to `quantity`
 * in all (the editor of «Мой заказ» shows it as the quantity changes, before «Сохранить»).
 */
export const ZMiniAppQuoteRequestSchema = z.union([
  z.object({ position: ZIdSchema, quantity: z.number().int() }),
  z.object({ modification: ZIdSchema, quantity: z.number().int() }),
]);
export type TMiniAppQuoteRequest = z.infer<typeof ZMiniAppQuoteRequestSchema>;

/**
 * An add: the modification, the quantity and the unit price the client saw, in kopecks (null when no price
 * was shown). A different price now adds nothing and answers `price_changed` with the new quote.
 */
export const ZMiniAppAddSchema = z.object({
  modification: ZIdSchema,
  quantity: z.number().int(),
  price_kopecks: z.number().int().min(0).nullable(),
});
export type TMiniAppAdd = z.infer<typeof ZMiniAppAddSchema>;

/**
 * «Взять сколько есть» (POST /api/app/positions/available/): an add of `quantity` at the price the client saw
 * for it, or of what the stock holds when it holds fewer (charged at the tier that reaches); answered as an add
 * (ZMiniAppAddedSchema), whose position names the units taken.
 */
export const ZMiniAppAddAvailableSchema = ZMiniAppAddSchema;

/** A change of a «Добавлен» position's quantity, with the unit price the client saw (as an add). */
export const ZMiniAppChangeSchema = z.object({
  quantity: z.number().int(),
  price_kopecks: z.number().int().min(0).nullable(),
});
export type TMiniAppChange = z.infer<typeof ZMiniAppChangeSchema>;

export const ZMiniAppPositionSchema = z.object({
  id: z.number().int(),
  modification: z.number().int(),
  name: z.string(),
  quantity: z.number().int(),
  price: z.number().nullable(),
  currency_sign: z.string(),
  status: ZPositionStatusSchema,
  status_label: z.string(),
  sum: z.number().nullable(),
  /** Only «Добавлен» positions can be changed or deleted. */
  changeable: z.boolean(),
});
export type TMiniAppPosition = z.infer<typeof ZMiniAppPositionSchema>;

/** Today's order: the same order the bot and the back-office show. Totals per currency, null without prices. */
export const ZMiniAppOrderSchema = z.object({
  order_id: z.number().int().nullable(),
  day: z.string(),
  positions: z.array(ZMiniAppPositionSchema),
  totals: z.array(z.object({ currency_sign: z.string(), amount: z.number() })).nullable(),
});
export type TMiniAppOrder = z.infer<typeof ZMiniAppOrderSchema>;

export const ZMiniAppPositionResultSchema = z.object({
  position: ZMiniAppPositionSchema,
  order: ZMiniAppOrderSchema,
});
export type TMiniAppPositionResult = z.infer<typeof ZMiniAppPositionResultSchema>;

/**
 * An add's answer: the position as the order now holds it and the order's totals per currency (null without
 * prices): what the page shows at once. «Мой заказ» reads the whole order when it opens.
 */
export const ZMiniAppAddedSchema = z.object({
  position: ZMiniAppPositionSchema,
  totals: ZMiniAppOrderSchema.shape.totals,
});
export type TMiniAppAdded = z.infer<typeof ZMiniAppAddedSchema>;

/** The ordering service's reasons for refusing, as the API names them. */
export const REFUSAL_CODES = [
  "client_not_allowed",
  "market_closed",
  "not_found",
  "bad_quantity",
  "not_sold",
  "out_of_stock",
  "hand_limit",
  "exclusive_limit",
  "total_limit",
  "not_changeable",
  "price_changed",
  /** More adds and changes in a row than a client may make (a 429): `detail` says when to try again. */
  "too_fast",
] as const;
export type TRefusalCode = (typeof REFUSAL_CODES)[number];

/**
 * A refused add, change or delete: the error model's Russian `detail` and `code`, with what is still possible
 * and a quote: for `price_changed` the new one to confirm; with `take_available`, the quantity asked at its price
 * now, which «Взять сколько есть» confirms.
 */
export const ZMiniAppRefusalSchema = z.object({
  detail: z.string(),
  code: z.enum(REFUSAL_CODES),
  /**
   * The units a limit of the client's own still allows (to add; for a change, the largest quantity), 0 when
   * nothing is left. Null when the stock is what bounds it: its figure is never shown (`detail` says «можно
   * заказать меньше» and the card's amounts are what fits), and for refusals that are no limit.
   */
  can_still: z.number().int().nullable(),
  /**
   * The stock (not a limit of the client's own) is what refuses the quantity, and some of it is left: the page
   * offers «Взять сколько есть» (POST /api/app/positions/available/), which adds what is left and only then
   * shows how much that was.
   */
  take_available: z.boolean(),
  quote: ZMiniAppQuoteSchema.nullable(),
});
export type TMiniAppRefusal = z.infer<typeof ZMiniAppRefusalSchema>;

/**
 * Every answer of /api/app/… that is not a success: the ordering service's refusal (it has `can_still` and
 * `quote`, null when they say nothing), or else the error model (bad input, a token, too many requests).
 * Both carry the Russian `detail` the page shows.
 */
export const ZMiniAppFailureSchema = z.union([ZMiniAppRefusalSchema, ZErrorSchema]);
export type TMiniAppFailure = z.infer<typeof ZMiniAppFailureSchema>;

export const ZMiniAppTextKindSchema = z.object({ kind: z.enum(["conditions", "warranty"]) });
export const ZMiniAppTextSchema = z.object({ text: z.string() });

export const ZMiniAppClaimSchema = z.object({ text: z.string().max(20_000) });
export const ZMiniAppClaimFiledSchema = z.object({ detail: z.string() });

/** Staff open the Mini App as a client from the bot preview, under the preview's dry-run rule. */
export const ZMiniAppPreviewRequestSchema = z.object({
  client: ZIdSchema,
  /** Roll back every change the page makes (adds, changes, claims): only the answers are real. */
  dry_run: z.boolean(),
});
export type TMiniAppPreviewRequest = z.infer<typeof ZMiniAppPreviewRequestSchema>;

/** The token's own session, for a page opened with a preview token instead of launch data. */
export const ZMiniAppMeSchema = z.object({
  client: ZMiniAppClientSchema,
  market: ZMiniAppMarketSchema,
  /** A staff preview whose changes are rolled back. */
  dry_run: z.boolean(),
});
export type TMiniAppMe = z.infer<typeof ZMiniAppMeSchema>;
