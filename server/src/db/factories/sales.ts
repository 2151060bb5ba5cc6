import { positionName } from "@wholesale/contract";
import { eq, inArray } from "drizzle-orm";
import type { Db } from "../client.ts";
import {
  brands,
  modifications,
  orderPositions,
  orders,
  type PositionStatus,
  products,
} from "../schema/index.ts";

export type PositionSeed = {
  modificationId: number;
  currencyId: number;
  price?: number;
  quantity?: number;
  status?: PositionStatus;
  /** The name as stored; by default the modification's as the ordering service names it (positionName). */
  modificationName?: string;
};

/** Position names of modifications as the catalogue names them now. */
async function positionNames(db: Db, modificationIds: number[]): Promise<Map<number, string>> {
  if (modificationIds.length === 0) return new Map();
  const rows = await db
    .select({
      id: modifications.id,
      modification: modifications.name,
      product: products.name,
      brand: brands.name,
    })
    .from(modifications)
    .innerJoin(products, eq(products.id, modifications.productId))
    .innerJoin(brands, eq(brands.id, products.brandId))
    .where(inArray(modifications.id, modificationIds));
  return new Map(rows.map((r) => [r.id, positionName(r)]));
}

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
  const names = await positionNames(
    db,
    positions.filter((p) => p.modificationName === undefined).map((p) => p.modificationId),
  );
  const rows = positions.length
    ? await db
        .insert(orderPositions)
        .values(
          positions.map((p) => ({
            orderId: order.id,
            modificationId: p.modificationId,
            modificationName: p.modificationName ?? names.get(p.modificationId) ?? "",
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
