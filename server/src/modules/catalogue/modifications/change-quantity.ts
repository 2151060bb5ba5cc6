import type { TModification, TQuantityDelta } from "@wholesale/contract";
import type { Db } from "../../../db/client.ts";
import { conflict, notFound } from "../../../http/errors.ts";
import { correctStock } from "../../stock/index.ts";
import { getModification } from "../catalogue-shared.ts";

/** Staff's «+/-» of the stock: stock/'s correctStock, refused with why when it would go below zero. */
export async function changeQuantity(
  db: Db,
  { modification, delta }: TQuantityDelta,
): Promise<TModification> {
  return db.transaction(async (tx) => {
    const moved = await correctStock(tx, modification, delta);
    if (!moved.ok) {
      if (moved.quantity === null) throw notFound("Модификация не найдена");
      throw conflict(`Остаток не может стать отрицательным: сейчас ${moved.quantity}, изменение ${delta}`);
    }
    return getModification(tx, modification);
  });
}
