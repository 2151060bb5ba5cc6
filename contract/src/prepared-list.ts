import { ZErrorSchema, ZIdSchema } from "./common.ts";
import {
  ZMiniAppAddSchema,
  ZMiniAppMarketSchema,
  ZMiniAppOrderSchema,
  ZMiniAppRefusalSchema,
  ZStockStateSchema,
} from "./miniapp.ts";
import { z } from "./zod-ru.ts";

/**
 * «Заказ в одно касание»: the prepared list («Список к открытию»), its sending, «Повторить заказ» and a pasted
 * list. Every route is the Mini App's (`access: "client"`, the client token; a preview token in dry run keeps
 * nothing of the client's and prepares a list of its own). Failures are the Mini App's (ZMiniAppFailureSchema): the ordering service's refusal or the
 * error model, each with its Russian `detail`.
 *
 *   GET    /api/app/list/                    the list                                 → ZPreparedListSchema
 *   POST   /api/app/list/lines/              ZPreparedListAddSchema                  → 201 ZPreparedListSchema
 *   PUT    /api/app/list/lines/:id/          ZPreparedListChangeSchema               → ZPreparedListSchema
 *   DELETE /api/app/list/lines/:id/                                                  → ZPreparedListSchema
 *   POST   /api/app/list/quote/              ZPreparedListQuoteRequestSchema         → ZMiniAppQuoteSchema
 *   GET    /api/app/list/brands/             the catalogue's brands, as chips         → ZMiniAppBrandListSchema
 *   GET    /api/app/list/catalogue/          ZMiniAppCatalogueQuerySchema (query)    → ZMiniAppCatalogueSchema
 *   GET    /api/app/list/modifications/:id/  the card, open market or not            → ZMiniAppCardSchema
 *   POST   /api/app/list/send/               ZPreparedListSendSchema                 → ZPreparedListSentSchema
 *                                            closed market: 409 ZPreparedListClosedSchema
 *   POST   /api/app/list/paste/              ZPasteRequestSchema (writes nothing)    → ZPasteMatchSchema
 *   GET    /api/app/list/paste/alternatives/ ZPasteAlternativesQuerySchema (query)  → ZPasteAlternativesSchema
 *   POST   /api/app/list/paste/apply/        ZPasteApplySchema (adds to the list)    → 201 ZPasteAppliedSchema
 *                                            past the list's lines: 409, nothing added
 *   GET    /api/app/orders/                  past orders, newest first               → ZPastOrdersSchema
 *   POST   /api/app/orders/:id/repeat/       ZRepeatOrderSchema                      → ZRepeatedOrderSchema
 *                                            (market closed: into the list; open: sent as the list is)
 *
 * The catalogue and the card under /list/ are the order's own, shown whether or not the market is open.
 */

/** The most lines a list holds (a wholesale order has 5-15 positions). */
export const PREPARED_LIST_MAX_LINES = 100;

/**
 * A line of the list, as it would be ordered now. Prices are null without allowed_price. `price_kopecks` is the
 * unit price now for the line's quantity; `confirmed_price_kopecks` is the one the client last confirmed for
 * the line, which the line is sent with: when they differ the sending refuses the line with `price_changed`
 * and the new quote, so the page shows the line as changed and offers to confirm (PUT with the new price).
 */
export const ZPreparedListLineSchema = z.object({
  id: z.number().int(),
  modification: z.number().int(),
  /** The position's name as the order will carry it (positionName: brand, product, modification). */
  name: z.string(),
  quantity: z.number().int(),
  price: z.number().nullable(),
  price_kopecks: z.number().int().nullable(),
  confirmed_price_kopecks: z.number().int().nullable(),
  sum: z.number().nullable(),
  currency_sign: z.string(),
  /** Still sold to this client (seen, with a sold tier): a line not sold is refused at sending («не продаётся»). */
  sold: z.boolean(),
  stock: ZStockStateSchema,
});
export type TPreparedListLine = z.infer<typeof ZPreparedListLineSchema>;

/** The list in its order (the order lines are sent in) with totals per currency now (null without prices). */
export const ZPreparedListSchema = z.object({
  lines: z.array(ZPreparedListLineSchema),
  totals: z.array(z.object({ currency_sign: z.string(), amount: z.number() })).nullable(),
  market: ZMiniAppMarketSchema,
});
export type TPreparedList = z.infer<typeof ZPreparedListSchema>;

/**
 * A line to put in the list, as an add to the order (the stepper's quantity, the unit price the client saw in
 * kopecks or null when none was shown). A modification already on the list has its line set to this quantity
 * and price, keeping its place; another goes at the end.
 */
export const ZPreparedListAddSchema = ZMiniAppAddSchema;
export type TPreparedListAdd = z.infer<typeof ZPreparedListAddSchema>;

/** A line's new quantity, with the unit price the client saw for it (confirms a changed price too). */
export const ZPreparedListChangeSchema = z.object({
  quantity: z.number().int(),
  price_kopecks: z.number().int().min(0).nullable(),
});
export type TPreparedListChange = z.infer<typeof ZPreparedListChangeSchema>;

/** What a line of `quantity` would cost now (its tier), market open or not; answered with ZMiniAppQuoteSchema. */
export const ZPreparedListQuoteRequestSchema = z.object({
  modification: ZIdSchema,
  quantity: z.number().int(),
});
export type TPreparedListQuoteRequest = z.infer<typeof ZPreparedListQuoteRequestSchema>;

/**
 * One send of the list. `idempotency_key` is made by the page for the tap (crypto.randomUUID(), kept by the page
 * until answered, across a reopening) and sent again unchanged when the answer was lost: a key already used adds
 * nothing and answers as it did the first time. Whatever the key, a list's line is added once: a line added
 * leaves the list in the same statement. The send is one change of the client's pace, whatever its length (too
 * many in a row: 429 too_fast, nothing added). An empty list is a 409 in the error model («Список пуст…»); more
 * than PREPARED_LIST_MAX_LINES lines, too.
 */
export const ZPreparedListSendSchema = z.object({ idempotency_key: z.uuid() });
export type TPreparedListSend = z.infer<typeof ZPreparedListSendSchema>;

/** A line that went into today's order: the units it added and the unit price it was added at. */
const ZLineAddedSchema = z.object({
  status: z.literal("added"),
  /** The list's line it was (a repeated order's lines are put in the list and sent from it). */
  line: z.number().int(),
  modification: z.number().int(),
  name: z.string(),
  quantity: z.number().int(),
  price: z.number().nullable(),
  currency_sign: z.string(),
  /** The order's position the line went into. */
  position: z.number().int(),
});

/**
 * A line the ordering service refused, with its own refusal (the same a tap gets: `detail`, `code`, what a limit
 * still allows in `can_still` — «осталось 3 шт.: добавить 3?» — and for `price_changed` the new quote).
 */
const ZLineRefusedSchema = z.object({
  status: z.literal("refused"),
  line: z.number().int(),
  modification: z.number().int(),
  name: z.string(),
  quantity: z.number().int(),
  refusal: ZMiniAppRefusalSchema,
});

export const ZPreparedListLineResultSchema = z.discriminatedUnion("status", [
  ZLineAddedSchema,
  ZLineRefusedSchema,
]);
export type TPreparedListLineResult = z.infer<typeof ZPreparedListLineResultSchema>;

/**
 * The answer of a send, line by line in list order. Added lines leave the list; refused ones stay for the client
 * to change or delete. `order` is today's order as it stands when the answer is given (read afresh on a repeat).
 */
export const ZPreparedListSentSchema = z.object({
  results: z.array(ZPreparedListLineResultSchema),
  order: ZMiniAppOrderSchema,
});
export type TPreparedListSent = z.infer<typeof ZPreparedListSentSchema>;

/**
 * The whole list refused because the market is closed for the client (409): the refusal (`code` market_closed)
 * with the market, whose `next_open_at` is the opening time. Nothing is added.
 */
export const ZPreparedListClosedSchema = ZMiniAppRefusalSchema.extend({
  code: z.literal("market_closed"),
  market: ZMiniAppMarketSchema,
});
export type TPreparedListClosed = z.infer<typeof ZPreparedListClosedSchema>;

/** The answers of a send besides success: a closed market first, then the Mini App's failures. */
export const ZPreparedListSendFailureSchema = z.union([
  ZPreparedListClosedSchema,
  ZMiniAppRefusalSchema,
  ZErrorSchema,
]);

/**
 * Pasted text: a line per position, «Кабель Lightning 1м Apple — 10» (a name, then a number). At most
 * PREPARED_LIST_MAX_LINES non-empty lines are read (what a list holds); the rest are counted in `not_read`.
 */
export const ZPasteRequestSchema = z.object({ text: z.string().trim().min(1).max(20_000) });
export type TPasteRequest = z.infer<typeof ZPasteRequestSchema>;

/**
 * A modification a pasted line may mean. `in_list`: its units in the client's list now (0 when it is not there):
 * a pasted line adds to them, so the price is the unit price now for the sum (the line's quantity, or 1 when
 * none is taken, plus `in_list`; null without prices).
 */
export const ZPasteCandidateSchema = z.object({
  modification: z.number().int(),
  name: z.string(),
  price: z.number().nullable(),
  price_kopecks: z.number().int().nullable(),
  currency_sign: z.string(),
  sold: z.boolean(),
  in_list: z.number().int(),
});
export type TPasteCandidate = z.infer<typeof ZPasteCandidateSchema>;

/**
 * A pasted line as it was read and matched. Read: `name` is what was searched for; `quantity` the number ending
 * the line after «—», «-», «:», «x», a tab or a comma, or before «шт», as written in `quantity_text`. A written
 * quantity that is not a whole number of 1 to 100000 («2,5», «0», «-5», «1e9») is not taken: `quantity` null and
 * `quantity_problem` says why, for the client to fix. None written: both null (the page offers 1). A bare number
 * after a space stays part of the name («iPhone 15»), and `note` says so. A line with control characters is
 * `unreadable` (`problem` says why) and the others are read all the same.
 *
 * Matched: `matched` (one modification fits best: `match`), `ambiguous` (several fit as well: the first page of
 * `alternatives` of `alternatives_pages`, the rest from GET paste/alternatives/ with `search`) or `not_found`.
 * Nothing goes into the list until the page adds the chosen lines (POST paste/apply/).
 */
export const ZPasteLineSchema = z.object({
  /** The line's number in the pasted text, from 1, empty lines counted. */
  number: z.number().int(),
  text: z.string(),
  status: z.enum(["matched", "ambiguous", "not_found", "unreadable"]),
  problem: z.string().nullable(),
  name: z.string(),
  quantity: z.number().int().nullable(),
  quantity_text: z.string().nullable(),
  quantity_problem: z.string().nullable(),
  note: z.string().nullable(),
  match: ZPasteCandidateSchema.nullable(),
  alternatives: z.array(ZPasteCandidateSchema),
  alternatives_pages: z.number().int(),
  /** The words that found the candidates (a name's words with digits left out when they found nothing). */
  search: z.string(),
});
export type TPasteLine = z.infer<typeof ZPasteLineSchema>;

export const ZPasteMatchSchema = z.object({
  lines: z.array(ZPasteLineSchema),
  /** Non-empty lines past the first PREPARED_LIST_MAX_LINES, not read: how many, and the first one's number. */
  not_read: z.object({ count: z.number().int(), from_number: z.number().int() }).nullable(),
  /** Lines in the client's list now: new positions fit in `list_max_lines` (PREPARED_LIST_MAX_LINES) less these. */
  list_lines: z.number().int(),
  list_max_lines: z.number().int(),
});
export type TPasteMatch = z.infer<typeof ZPasteMatchSchema>;

/** «Показать ещё»: a further page of a pasted line's candidates (`search` as the line's answer gave it). */
export const ZPasteAlternativesQuerySchema = z.object({
  search: z.string().trim().min(2).max(200),
  /** The line's quantity (the candidates are priced for it with what the list holds); 1 when none is taken. */
  quantity: z.coerce.number().int().min(1).default(1),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type TPasteAlternativesQuery = z.input<typeof ZPasteAlternativesQuerySchema>;
export const ZPasteAlternativesSchema = z.object({
  alternatives: z.array(ZPasteCandidateSchema),
  page: z.number().int(),
  pages: z.number().int(),
});
export type TPasteAlternatives = z.infer<typeof ZPasteAlternativesSchema>;

/**
 * The chosen lines of a paste added to the list in one go (one transaction). Each ADDS its quantity to the
 * modification's line already in the list (2 there, 1 pasted: 3) or goes at the end; lines of one modification
 * are added up. `in_list` is what the page showed the list holding of it (the candidate's `in_list`): when the
 * list holds another number now, the line is answered `changed` and left as it is, so nothing is added to a
 * quantity the client did not see, nor twice when an answer was lost and the paste is sent again.
 * `price_kopecks` is the unit price the client saw for the line as it will stand, kept as its confirmed price.
 * Each line is judged as a list's add is (a whole quantity of 1 to 100000 in all, sold to the client now) and
 * refused alone with its reason; when the new positions would take the list past PREPARED_LIST_MAX_LINES,
 * nothing is added (409, the error model, saying how many fit).
 */
export const ZPasteApplySchema = z.object({
  lines: z
    .array(
      z.object({
        modification: ZIdSchema,
        quantity: z.number().int(),
        price_kopecks: z.number().int().min(0).nullable(),
        in_list: z.number().int().min(0),
      }),
    )
    .min(1)
    .max(PREPARED_LIST_MAX_LINES),
});
export type TPasteApply = z.infer<typeof ZPasteApplySchema>;

/**
 * A position of the paste: added (`before` the units the list held, `total` what it holds now), refused, or
 * left because the list changed.
 */
export const ZPasteAppliedLineSchema = z.discriminatedUnion("status", [
  z.object({
    status: z.literal("added"),
    modification: z.number().int(),
    name: z.string(),
    quantity: z.number().int(),
    before: z.number().int(),
    total: z.number().int(),
  }),
  z.object({
    status: z.literal("refused"),
    modification: z.number().int(),
    name: z.string(),
    quantity: z.number().int(),
    refusal: ZMiniAppRefusalSchema,
  }),
  /** The list holds another number of it than the page showed (`in_list` now): nothing added, `detail` says so. */
  z.object({
    status: z.literal("changed"),
    modification: z.number().int(),
    name: z.string(),
    quantity: z.number().int(),
    in_list: z.number().int(),
    detail: z.string(),
  }),
]);
export type TPasteAppliedLine = z.infer<typeof ZPasteAppliedLineSchema>;

/** The positions in the order asked (lines of one modification answered once) and the list as it stands. */
export const ZPasteAppliedSchema = z.object({
  results: z.array(ZPasteAppliedLineSchema),
  list: ZPreparedListSchema,
});
export type TPasteApplied = z.infer<typeof ZPasteAppliedSchema>;

/** A position of a past order as it was ordered, and whether it is still sold to the client. */
export const ZPastOrderPositionSchema = z.object({
  modification: z.number().int(),
  name: z.string(),
  quantity: z.number().int(),
  price: z.number().nullable(),
  currency_sign: z.string(),
  sum: z.number().nullable(),
  sold: z.boolean(),
});

/** The client's past orders (before today), newest first: the last 20. */
export const ZPastOrderSchema = z.object({
  id: z.number().int(),
  day: z.string(),
  positions: z.array(ZPastOrderPositionSchema),
  totals: z.array(z.object({ currency_sign: z.string(), amount: z.number() })).nullable(),
});
export type TPastOrder = z.infer<typeof ZPastOrderSchema>;
export const ZPastOrdersSchema = z.object({ results: z.array(ZPastOrderSchema) });
export type TPastOrders = z.infer<typeof ZPastOrdersSchema>;

/** «Повторить заказ»: the key is the send's, used when the market is open (as ZPreparedListSendSchema's). */
export const ZRepeatOrderSchema = ZPreparedListSendSchema;
export type TRepeatOrder = z.infer<typeof ZRepeatOrderSchema>;

/**
 * A repeated order: its positions go into the list (as adds to it, each confirmed at the price the order had, so
 * a price changed since shows as such; lines no longer sold show `sold: false`); while the market is open those
 * lines are then sent at once from the list, as a send of it (a changed price is refused with the new quote),
 * and the refused ones stay in the list.
 */
export const ZRepeatedOrderSchema = z.discriminatedUnion("status", [
  z.object({ status: z.literal("listed"), list: ZPreparedListSchema }),
  z.object({ status: z.literal("sent"), sent: ZPreparedListSentSchema }),
]);
export type TRepeatedOrder = z.infer<typeof ZRepeatedOrderSchema>;
