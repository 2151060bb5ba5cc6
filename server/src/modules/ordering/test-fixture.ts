import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { seedCurrency } from "../../db/factories/catalogue.ts";
import { accessRules, exclusives, marketSchedules, modifications } from "../../db/schema/index.ts";
import { fixedClock } from "../../lib/clock.ts";
import { openTestDatabase } from "../../test/database.ts";
import { createOrderingService } from "./ordering-service.ts";

/** 12:00 in Moscow on a weekday: the business day is 2026-11-20. */
export const NOW = "2026-11-20T09:00:00Z";
export const TODAY = "2026-11-20";

/**
 * A fresh database with the ordering service on a fixed clock and a market the test opens and closes; a test
 * of the market's own schedules starts with it closed.
 */
export async function orderingFixture(options: { marketOpen: boolean } = { marketOpen: true }) {
  const database = await openTestDatabase();
  const db = database.db;
  const clock = fixedClock(NOW);
  // The market's own decision over a real schedule for everyone, opened and closed by hand.
  const [schedule] = await db
    .insert(marketSchedules)
    .values({ name: "Основной", isManuallyOpened: options.marketOpen })
    .returning({ id: marketSchedules.id });
  if (!schedule) throw new Error("no schedule");
  const setMarketOpen = async (open: boolean) => {
    await db
      .update(marketSchedules)
      .set({ isManuallyOpened: open })
      .where(eq(marketSchedules.id, schedule.id));
  };
  const service = createOrderingService({ db, clock });
  const rub = (await seedCurrency(db, { name: "Рубль", sign: "₽" })).id;
  return {
    db,
    database,
    kind: database.kind,
    clock,
    setMarketOpen,
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
