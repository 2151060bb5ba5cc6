import { readFile } from "node:fs/promises";
import { positionName } from "@wholesale/contract";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase, type TestDatabase } from "../test/database.ts";
import { seedBrand, seedCurrency, seedModification, seedProduct } from "./factories/catalogue.ts";
import { seedClient } from "./factories/clients.ts";
import { seedOrder } from "./factories/sales.ts";
import { modifications, orderPositions, products, salesDaily } from "./schema/index.ts";

// Migration 0009 runs on a database that already has it (the test database is migrated to the end), over
// positions written the way the ordering service wrote them before: its statement is idempotent by design,
// since it only touches names that do not start with their brand.
const migration = new URL("./migrations/0009_position_brand.sql", import.meta.url);

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

async function runMigration() {
  const text = await readFile(migration, "utf8");
  for (const statement of text.split("--> statement-breakpoint"))
    if (statement.trim()) await database.db.execute(sql.raw(statement));
}

describe("migration 0009: the brand in front of stored position names", () => {
  it("corrects old-style names, leaves branded and orphaned ones, and changes no figure", async () => {
    const { db } = database;
    const rub = (await seedCurrency(db)).id;
    const cable = async (brand: string, product: string) => {
      const productId = (
        await seedProduct(db, { brandId: (await seedBrand(db, { name: brand })).id, name: product })
      ).id;
      return (
        await seedModification(db, { productId, name: "1 м", tiers: [{ currencyId: rub, quantityFrom: 1 }] })
      ).id;
    };
    const defender = await cable("Defender", "Кабель Lightning");
    const apple = await cable("Apple", "Кабель Lightning");
    const renamed = await cable("Hoco", "Кабель Lightning");
    const gone = await cable("Borofone", "Кабель Lightning");
    const brandedProduct = await cable("Baseus", "Baseus Кабель Lightning");
    const client = await seedClient(db);
    const order = await seedOrder(db, {
      clientId: client.id,
      clientType: 3,
      openedOn: "2026-11-19",
      positions: [
        // As the ordering service stored them: product and modification.
        {
          modificationId: defender,
          currencyId: rub,
          price: 250,
          quantity: 7,
          modificationName: "Кабель Lightning 1 м",
        },
        // Demo orders carry the brand already.
        { modificationId: apple, currencyId: rub, modificationName: "Apple Кабель Lightning 1 м" },
        // The product was renamed since: the name stays as ordered, with its brand in front.
        { modificationId: renamed, currencyId: rub, modificationName: "Кабель Lightning 1 м" },
        { modificationId: gone, currencyId: rub, modificationName: "Кабель Lightning 1 м" },
        { modificationId: brandedProduct, currencyId: rub, modificationName: "Baseus Кабель Lightning 1 м" },
      ],
    });
    await db.update(products).set({ name: "Кабель Lightning 8-pin" }).where(eq(products.id, renamed));
    // A modification cannot be deleted while ordered; an older database might still hold such a position.
    await db.execute(
      sql`alter table order_positions drop constraint order_positions_modification_id_modifications_id_fk`,
    );
    await db.delete(modifications).where(eq(modifications.id, gone));
    const figures = () => db.select().from(salesDaily).orderBy(salesDaily.modificationId);
    const before = await figures();

    await runMigration();
    const names = async () =>
      (
        await db
          .select({ name: orderPositions.modificationName })
          .from(orderPositions)
          .where(eq(orderPositions.orderId, order.id))
          .orderBy(orderPositions.id)
      ).map((r) => r.name);
    const expected = [
      "Defender Кабель Lightning 1 м",
      "Apple Кабель Lightning 1 м",
      "Hoco Кабель Lightning 1 м",
      "Кабель Lightning 1 м",
      "Baseus Кабель Lightning 1 м",
    ];
    expect(await names()).toEqual(expected);
    // What the migration wrote is what the one formatter writes for new positions.
    expect(expected[0]).toBe(
      positionName({ brand: "Defender", product: "Кабель Lightning", modification: "1 м" }),
    );
    expect(expected[4]).toBe(
      positionName({ brand: "Baseus", product: "Baseus Кабель Lightning", modification: "1 м" }),
    );
    expect(await figures()).toEqual(before);

    // Run again (another instance, a restored backup): nothing doubles.
    await runMigration();
    expect(await names()).toEqual(expected);
  });
});
