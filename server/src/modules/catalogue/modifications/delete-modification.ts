import { eq } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { modifications } from "../../../db/schema/index.ts";
import { notFound } from "../../../http/errors.ts";
import { refuseIfOrdered } from "../catalogue-shared.ts";

/** Deletes a modification no order holds. */
export async function deleteModification(db: Db, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: modifications.id })
      .from(modifications)
      .where(eq(modifications.id, id))
      .for("update");
    if (!row) throw notFound("Модификация не найдена");
    await refuseIfOrdered(tx, eq(modifications.id, id), "Модификацию нельзя удалить: она есть в заказах");
    await tx.delete(modifications).where(eq(modifications.id, id));
  });
}
