import type { ModificationData } from "./kept-rows.ts";

/**
 * Whether the modification is back in stock for the client, as a wait for it is announced: units to sell them
 * now (stock above zero, sold at one of their lists, and for an exclusive modification units left in its
 * pool). The client's own limits of the day (one hand, the day's sum, the exclusive ratio) do not count: they
 * are the client's state, not the stock's. That the client sees it at all is decided before (visibleTo).
 */
export const inStockFor = (m: ModificationData): boolean =>
  m.quantity > 0 && m.pricing.orderable.length > 0 && (m.exclusive === null || m.exclusive.pool > 0);
