import { eq } from "drizzle-orm";
import type { Database, Db } from "../../db/client.ts";
import { seedCurrency } from "../../db/factories/catalogue.ts";
import { accessRules, exclusives, modifications } from "../../db/schema/index.ts";
import { fixedClock } from "../../lib/clock.ts";
import { openTestDatabase } from "../../test/database.ts";
import { createOrderingService } from "./ordering-service.ts";
import type { MarketState } from "./types.ts";

/** 12:00 in Moscow on a weekday: the business day is 2026-11-20. */
export const NOW = "2026-11-20T09:00:00Z";
export const TODAY = "2026-11-20";

/** A fresh database with the ordering service on a fixed clock and a market the test opens and closes. */
export async function orderingFixture() {
  const database: Database = await openTestDatabase();
  const db = database.db;
  const clock = fixedClock(NOW);
  const market = { open: true };
  const marketState = async (): Promise<MarketState> => ({
    open: market.open,
    openUntil: null,
    nextOpenAt: null,
    scheduleNames: market.open ? ["Основной"] : [],
  });
  const service = createOrderingService({ db, clock, marketState });
  const rub = (await seedCurrency(db, { name: "Рубль", sign: "₽" })).id;
  return {
    db,
    kind: database.kind,
    clock,
    market,
    service,
    rub,
    close: () => database.close(),
    stockOf: (id: number) => stockOf(db, id),
    poolOf: async (modificationId: number) =>
      (await db.select().from(exclusives).where(eq(exclusives.modificationId, modificationId)))[0]?.quantity,
    setRules: (clientId: number, values: Partial<typeof accessRules.$inferInsert>) =>
      db.update(accessRules).set(values).where(eq(accessRules.clientId, clientId)),
  };
}

export async function stockOf(db: Db, id: number) {
  const [row] = await db
    .select({ q: modifications.quantity })
    .from(modifications)
    .where(eq(modifications.id, id));
  return row?.q;
}

export type OrderingFixture = Awaited<ReturnType<typeof orderingFixture>>;
