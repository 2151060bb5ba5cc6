import type { TOrderPosition, TPositionStatus } from "@wholesale/contract";

export type PositionGroup = {
  key: string;
  name: string;
  price: number;
  status: TPositionStatus;
  currency: number;
  currency_sign: string;
  quantity: number;
};

const RANK: Record<TPositionStatus, number> = { added: 0, sent_to_collect: 1, collected: 2 };

/**
 * The history card's lines: positions with the same name, price, status and currency become one line with
 * their quantities summed; uncollected lines come first, each state in the order it was first met.
 */
export function groupPositions(positions: TOrderPosition[]): PositionGroup[] {
  const groups = new Map<string, PositionGroup>();
  for (const p of positions) {
    const name = p.addition_name ? `${p.modification_name} + ${p.addition_name}` : p.modification_name;
    const key = JSON.stringify([name, p.price, p.status, p.currency]);
    const group = groups.get(key);
    if (group) group.quantity += p.quantity;
    else
      groups.set(key, {
        key,
        name,
        price: p.price,
        status: p.status,
        currency: p.currency,
        currency_sign: p.currency_sign,
        quantity: p.quantity,
      });
  }
  // Array.prototype.sort is stable: within a state the first-met order stays.
  return [...groups.values()].sort((a, b) => RANK[a.status] - RANK[b.status]);
}
