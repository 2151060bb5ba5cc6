import type { PositionStatus } from "../../../db/schema/index.ts";
import type { DayPosition } from "../types.ts";
import type { Pricing, StoredTier } from "./price-list.ts";

// The rows the ordering rules read and ordering-cache.ts keeps: below both the readers and the cache.

/** A client as the ordering rules read it: the client's own columns they use, its group and its access rules. */
export type ClientRow = {
  id: number;
  clientType: number | null;
  permanentBanned: boolean;
  banned: boolean;
  isActive: boolean;
  offline: boolean;
  clientSmallWholesale: boolean;
  clientLargeWholesale: boolean;
  groupId: number | null;
  transportationId: number | null;
  allowedPrice: boolean;
  allowedPriceWMarkup: boolean;
  group: { surcharge: number; isActive: boolean } | null;
  rules: { allPrices: string[]; bannedBrands: string[]; totalLimit: number | null } | null;
};

/** One modification as the rules need it for one client. */
export type ModificationData = {
  id: number;
  name: string;
  specifications: string;
  productName: string;
  brandId: number;
  brandName: string;
  quantity: number;
  oneHandQuantity: number;
  /**
   * An exclusive modification's entry: `pool` units left for the bot to sell, `ratio` units per unit of the
   * brand's other goods. An exclusive modification without an entry has nothing to sell (pool 0). Null when
   * it is not exclusive.
   */
  exclusive: { id: number | null; pool: number; ratio: number } | null;
  addition: { description: string; small: number; large: number } | null;
  pricing: Pricing;
};

/**
 * What of a modification only staff change (its names, flags, tiers, exclusive entry and addition), whoever
 * reads it: kept in memory until the database announces a change of it (ordering-cache.ts). Its stock and its
 * exclusive pool change with every order and are read with each tap.
 */
export type ModificationStatic = Omit<ModificationData, "quantity" | "exclusive" | "addition" | "pricing"> & {
  isExclusive: boolean;
  small: boolean | null;
  large: boolean | null;
  tiers: StoredTier[];
  entry: { id: number; ratio: number } | null;
  addition: ModificationData["addition"];
  /** Shown only to some clients, groups or directions (visibility.ts): the audience is asked of the database. */
  restricted: boolean;
};

/** A position of the day's order with what both the limits and «Мой заказ» need. */
export type DayRow = DayPosition & { name: string; currencySign: string; status: PositionStatus };

export type DayOrder = { orderId: number | null; positions: DayRow[] };
