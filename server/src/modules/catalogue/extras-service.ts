import type { TAddition, TAdditionInput, TExclusive, TExclusiveUpdate } from "@wholesale/contract";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { firstRow } from "../../db/first-row.ts";
import { additions, exclusives, modifications } from "../../db/schema/index.ts";
import { AppError, conflict, isUniqueViolation, notFound } from "../../http/errors.ts";
import { toAddition, toExclusive } from "./catalogue-shared.ts";

/** The catalogue's additions and exclusive entries of a modification. */
export function createExtrasService({ db }: { db: Db }) {
  return {
    async createAddition(input: TAdditionInput): Promise<TAddition> {
      const [mod] = await db
        .select({ id: modifications.id })
        .from(modifications)
        .where(eq(modifications.id, input.modification));
      if (!mod)
        throw new AppError("bad_request", "Модификация не найдена", {
          modification: ["Модификация не найдена"],
        });
      try {
        const row = firstRow(
          await db
            .insert(additions)
            .values({
              modificationId: input.modification,
              description: input.description,
              smallWholesale: input.small_wholesale,
              largeWholesale: input.large_wholesale,
            })
            .returning(),
        );
        return toAddition(row);
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict("У модификации уже есть дополнение");
        throw error;
      }
    },

    async updateAddition(id: number, input: TAdditionInput): Promise<TAddition> {
      try {
        const [row] = await db
          .update(additions)
          .set({
            modificationId: input.modification,
            description: input.description,
            smallWholesale: input.small_wholesale,
            largeWholesale: input.large_wholesale,
          })
          .where(eq(additions.id, id))
          .returning();
        if (!row) throw notFound("Дополнение не найдено");
        return toAddition(row);
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict("У модификации уже есть дополнение");
        throw error;
      }
    },

    async deleteAddition(id: number): Promise<void> {
      const rows = await db.delete(additions).where(eq(additions.id, id)).returning({ id: additions.id });
      if (rows.length === 0) throw notFound("Дополнение не найдено");
    },

    async updateExclusive(id: number, input: TExclusiveUpdate): Promise<TExclusive> {
      const [row] = await db
        .update(exclusives)
        .set({ quantity: input.quantity, ratio: input.ratio })
        .where(eq(exclusives.id, id))
        .returning();
      if (!row) throw notFound("Эксклюзив не найден");
      return toExclusive(row);
    },
  };
}
