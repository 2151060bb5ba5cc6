import type { TModification } from "@wholesale/contract";

/** Modification 7 «64 ГБ» of product 3: 5 in stock, sold to both lists, no prices or rules; `extra` overrides. */
export function testModification(extra: Partial<TModification> = {}): TModification {
  return {
    id: 7,
    product: 3,
    name: "64 ГБ",
    specifications: "",
    quantity: 5,
    quantity_on_start: 5,
    quantity_added: 0,
    available: true,
    available_small_wholesale: true,
    available_large_wholesale: true,
    prices: [],
    client_ids: [],
    group_ids: [],
    transportation_ids: [],
    one_hand_quantity: 0,
    one_hand_limited: false,
    addition: null,
    exclusive: false,
    exclusives: [],
    waiting: 0,
    ...extra,
  };
}
