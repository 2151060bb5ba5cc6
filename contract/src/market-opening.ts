import { z } from "zod";
import { ZTimestampSchema } from "./common.ts";

/** `GET /api/statistics/opening/?since=`: «Открытие маркета», the last opening (or `since`) second by second. */
export const ZMarketOpeningQuerySchema = z.object({ since: ZTimestampSchema.optional() });

/** The kinds of refusal the page tells apart: the stock, a limit of the client's, the client's pace. */
export const OPENING_REFUSALS = ["stock", "limit", "pace"] as const;

const ZOpeningSecondSchema = z.object({
  /** The second's start (ISO); a bucket of `bucket_seconds`. */
  at: ZTimestampSchema,
  positions: z.number().int(),
  orders: z.number().int(),
  refused: z.number().int(),
});

export const ZMarketOpeningSchema = z.object({
  /** Null when the market has never opened (nothing to show). */
  opened_at: ZTimestampSchema.nullable(),
  now: ZTimestampSchema,
  /** Each point of `timeline` covers this many seconds: 1 in the first hour, wider after, at most 600 points. */
  bucket_seconds: z.number().int(),
  timeline: z.array(ZOpeningSecondSchema),
  totals: z.object({
    /** Positions added and the units in them (the rows of order_positions since the opening). */
    positions: z.number().int(),
    units: z.number().int(),
    /** Orders with a position added since the opening, and those placed since. */
    orders: z.number().int(),
    new_orders: z.number().int(),
    /** Clients who ordered since, of the active clients with a chat the market opened for. */
    clients_ordered: z.number().int(),
    clients_open_for: z.number().int(),
    lists_sent: z.number().int(),
    refused: z.object({ stock: z.number().int(), limit: z.number().int(), pace: z.number().int() }),
    errors: z.number().int(),
  }),
  /** Modifications by units sold since the opening, the most first (at most 20). */
  selling: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      sold: z.number().int(),
      /** What is left, as staff see it. */
      left: z.number().int(),
      /** When the last unit went, for a modification with none left; the seconds it took from the opening. */
      sold_out_at: ZTimestampSchema.nullable(),
      seconds_to_sell_out: z.number().int().nullable(),
    }),
  ),
  /** The notices of the opening (the «pre-start» text and the prepared list's reminder) and their delivery. */
  notices: z.object({
    queued: z.number().int(),
    sent: z.number().int(),
    pending: z.number().int(),
    failed: z.number().int(),
  }),
});
export type TMarketOpening = z.infer<typeof ZMarketOpeningSchema>;

/** What the page is told before the market has ever opened, `now` aside: nothing to show. */
export function emptyMarketOpening(now: string): TMarketOpening {
  return {
    opened_at: null,
    now,
    bucket_seconds: 1,
    timeline: [],
    totals: {
      positions: 0,
      units: 0,
      orders: 0,
      new_orders: 0,
      clients_ordered: 0,
      clients_open_for: 0,
      lists_sent: 0,
      refused: { stock: 0, limit: 0, pace: 0 },
      errors: 0,
    },
    selling: [],
    notices: { queued: 0, sent: 0, pending: 0, failed: 0 },
  };
}
