import type { Db } from "../client.ts";
import { orderPositions, orders, type PositionStatus } from "../schema/index.ts";

export type PositionSeed = {
  modificationId: number;
  currencyId: number;
  price?: number;
  quantity?: number;
  status?: PositionStatus;
  modificationName?: string;
};

/** A client's order for a business day with its positions. */
export async function seedOrder(
  db: Db,
  {
    clientId,
    clientType,
    openedOn,
    openedAt,
    positions = [],
  }: { clientId: number; clientType: number; openedOn: string; openedAt?: Date; positions?: PositionSeed[] },
) {
  const at = openedAt ?? new Date(`${openedOn}T09:00:00+03:00`);
  const [order] = await db
    .insert(orders)
    .values({ clientId, clientType, openedOn, openedAt: at, updatedAt: at })
    .returning();
  if (!order) throw new Error("could not seed an order");
  const rows = positions.length
    ? await db
        .insert(orderPositions)
        .values(
          positions.map((p) => ({
            orderId: order.id,
            modificationId: p.modificationId,
            modificationName: p.modificationName ?? `Модификация #${p.modificationId}`,
            price: p.price ?? 100,
            quantity: p.quantity ?? 1,
            currencyId: p.currencyId,
            status: p.status ?? "added",
            createdAt: at,
          })),
        )
        .returning()
    : [];
  return { ...order, positions: rows };
}
