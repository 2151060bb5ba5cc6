import { positionName, stockState, type TStockWait } from "@wholesale/contract";
import { desc, eq, type SQL } from "drizzle-orm";
import { withProductAndBrand } from "../../db/catalogue-path.ts";
import type { Db, Tx } from "../../db/client.ts";
import { brands, modifications, products, stockWaits } from "../../db/schema/index.ts";

/**
 * Waits under `where` as the client's list and an ask answer them, the newest first: named as the order names
 * a position, their stock as the client is told it.
 */
export async function readWaits(db: Db | Tx, where: SQL | undefined): Promise<TStockWait[]> {
  const rows = await withProductAndBrand(
    db
      .select({
        id: stockWaits.id,
        modification: stockWaits.modificationId,
        createdAt: stockWaits.createdAt,
        expiresAt: stockWaits.expiresAt,
        brand: brands.name,
        product: products.name,
        name: modifications.name,
        quantity: modifications.quantity,
      })
      .from(stockWaits)
      .innerJoin(modifications, eq(modifications.id, stockWaits.modificationId))
      .$dynamic(),
  )
    .where(where)
    .orderBy(desc(stockWaits.createdAt), desc(stockWaits.id));
  return rows.map((w) => ({
    id: w.id,
    modification: w.modification,
    name: positionName({ brand: w.brand, product: w.product, modification: w.name }),
    stock: stockState(w.quantity),
    created_at: w.createdAt.toISOString(),
    expires_at: w.expiresAt.toISOString(),
  }));
}
