import type { TOrder, TOrderPosition } from "@wholesale/contract";

/** A position of order 7: 3 × 10 ₽, with the moments its status implies; `extra` overrides the rest. */
export function testPosition(
  id: number,
  status: TOrderPosition["status"],
  name: string,
  extra: Partial<TOrderPosition> = {},
): TOrderPosition {
  return {
    id,
    order: 7,
    modification: 1,
    modification_name: name,
    addition_name: null,
    price: 10,
    quantity: 3,
    status,
    currency: 1,
    currency_sign: "₽",
    sent_to_collect_at: status === "added" ? null : "2026-11-20T09:00:00.000Z",
    collected_at: status === "collected" ? "2026-11-20T10:00:00.000Z" : null,
    ...extra,
  };
}

/** Order 7 of «ООО Ромашка (Анна)», small wholesale, direction Север, on 2026-11-20; `extra` overrides. */
export function testOrder(extra: Partial<TOrder> = {}): TOrder {
  return {
    id: 7,
    owner: 3,
    client: { id: 3, nickname: "Анна", organization_name: "ООО Ромашка", offline: false, client_type: 3 },
    client_type: 3,
    transportation: { id: 1, name: "Север" },
    status: "added",
    opened_on: "2026-11-20",
    opened_at: "2026-11-20T09:00:00.000Z",
    positions: [],
    total: [],
    ...extra,
  };
}
