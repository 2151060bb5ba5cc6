import type { TModification } from "@wholesale/contract";
import { asc, eq } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { modifications } from "../../../db/schema/index.ts";
import { expand } from "../catalogue-shared.ts";

/** A product's modifications by name. */
export async function listModifications(db: Db, product: number): Promise<TModification[]> {
  const rows = await db
    .select()
    .from(modifications)
    .where(eq(modifications.productId, product))
    .orderBy(asc(modifications.name));
  return expand(db, rows);
}
