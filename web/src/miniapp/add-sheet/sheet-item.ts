import type { TMiniAppItem } from "@wholesale/contract";

/** What the sheet shows of an item before its card is read: a catalogue row, or a card opened by its id. */
export type SheetItem = Pick<
  TMiniAppItem,
  "id" | "name" | "product_name" | "brand_name" | "stock" | "from_quantity" | "waiting"
>;
