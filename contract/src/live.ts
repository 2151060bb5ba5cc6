import { z } from "zod";
import { ZIdSchema } from "./common.ts";

/**
 * What a staff screen hears on its live stream (`GET /api/live/`, server-sent events): which rows of which kind
 * changed, never the rows themselves. The screen reads what changed through the routes it already reads, with
 * the same access; a stream carries only the kinds its account may read.
 *
 * - `orders`: orders and their positions (online orders, «Сборка», the dashboard's positions)
 * - `claims`: claims (the claims page, the menu's count)
 * - `clients`: registration requests
 * - `stock`: a modification's quantity (low stock)
 * - `market`: schedules and their intervals (the market's state)
 * - `messages`: messages to clients and their delivery
 * - `catch-up`: the stream may have missed changes (it reconnected, or the server's own listening did): read
 *   everything shown again
 */
export const LIVE_KINDS = ["orders", "claims", "clients", "stock", "market", "messages", "catch-up"] as const;
export type TLiveKind = (typeof LIVE_KINDS)[number];

/** The event name of a change on the stream (`event: change`); heartbeats are SSE comments. */
export const LIVE_CHANGE_EVENT = "change";

export const ZLiveEventSchema = z.object({
  kind: z.enum(LIVE_KINDS),
  /** The rows that changed; absent when any row of the kind may have (too many to name, or a whole table). */
  ids: z.array(ZIdSchema).optional(),
  /** Of `ids`, the rows that are new (orders placed). */
  new: z.array(ZIdSchema).optional(),
});
export type TLiveEvent = z.infer<typeof ZLiveEventSchema>;
