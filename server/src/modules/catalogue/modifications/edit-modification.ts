import type { TModification, TModificationUpdate } from "@wholesale/contract";
import { eq } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { modifications } from "../../../db/schema/index.ts";
import { notFound, uniqueName } from "../../../http/errors.ts";
import { enforceAvailability } from "../availability.ts";
import { getModification, setRestrictions } from "../catalogue-shared.ts";

/** Changes the fields given and the restrictions given; availability follows. */
export async function editModification(
  db: Db,
  id: number,
  input: TModificationUpdate,
): Promise<TModification> {
  return uniqueName("Модификация с таким названием у продукта уже есть", () =>
    db.transaction(async (tx) => {
      const values = {
        ...(input.name !== undefined && { name: input.name }),
        ...(input.specifications !== undefined && { specifications: input.specifications }),
        ...(input.available !== undefined && { available: input.available }),
        ...(input.available_small_wholesale !== undefined && {
          availableSmallWholesale: input.available_small_wholesale,
        }),
        ...(input.available_large_wholesale !== undefined && {
          availableLargeWholesale: input.available_large_wholesale,
        }),
        ...(input.one_hand_quantity !== undefined && {
          oneHandQuantity: input.one_hand_quantity,
          oneHandLimited: input.one_hand_quantity !== 0,
        }),
        ...(input.exclusive !== undefined && { exclusive: input.exclusive }),
      };
      // Restrictions alone leave no column to set: the row is locked the same way.
      const [row] =
        Object.keys(values).length > 0
          ? await tx
              .update(modifications)
              .set(values)
              .where(eq(modifications.id, id))
              .returning({ id: modifications.id })
          : await tx
              .select({ id: modifications.id })
              .from(modifications)
              .where(eq(modifications.id, id))
              .for("update");
      if (!row) throw notFound("Модификация не найдена");
      await setRestrictions(tx, id, input);
      await enforceAvailability(tx, eq(modifications.id, id));
      return getModification(tx, id);
    }),
  );
}
