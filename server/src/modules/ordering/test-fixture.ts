import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { seedCurrency } from "../../db/factories/catalogue.ts";
import { accessRules, exclusives, marketSchedules, modifications } from "../../db/schema/index.ts";
import { fixedClock } from "../../lib/clock.ts";
import { openTestDatabase } from "../../test/database.ts";
import { createOrderingService } from "./ordering-service.ts";
import { orderingCacheCaughtUp, startOrderingCache } from "./statements/ordering-cache.ts";
import type { OrderingService } from "./types.ts";

/** 12:00 in Moscow on a weekday: the business day is 2026-11-20. */
export const NOW = "2026-11-20T09:00:00Z";
export const TODAY = "2026-11-20";

/**
 * A fresh database with the ordering service on a fixed clock and a market the test opens and closes; a test
 * of the market's own schedules starts with it closed. The process keeps what the rules read in memory
 * (ordering-cache.ts), as the server does; a test changes rules in the database and calls the service at once,
 * so each call of `service` first waits until the process has heard every change made before it.
 */
export async function orderingFixture(options: { marketOpen: boolean } = { marketOpen: true }) {
  const database = await openTestDatabase();
  const db = database.db;
  const cache = startOrderingCache(db);
  await cache.listening;
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
  const service = caughtUp(db, createOrderingService({ db, clock }));
  const rub = (await seedCurrency(db, { name: "Рубль", sign: "₽" })).id;
  return {
    db,
    database,
    kind: database.kind,
    clock,
    setMarketOpen,
    service,
    rub,
    close: async () => {
      await cache.close();
      await database.close();
    },
    stockOf: (id: number) => stockOf(db, id),
    poolOf: async (modificationId: number) =>
      (await db.select().from(exclusives).where(eq(exclusives.modificationId, modificationId)))[0]?.quantity,
    setRules: (clientId: number, values: Partial<typeof accessRules.$inferInsert>) =>
      db.update(accessRules).set(values).where(eq(accessRules.clientId, clientId)),
  };
}

/** The service, each call made once the process has heard every change committed before it. */
function caughtUp(db: Db, service: OrderingService): OrderingService {
  return new Proxy(service, {
    get(target, name: keyof OrderingService) {
      const method = target[name] as (...args: unknown[]) => Promise<unknown>;
      return async (...args: unknown[]) => {
        await orderingCacheCaughtUp(db);
        return method(...args);
      };
    },
  });
}

export async function stockOf(db: Db, id: number) {
  const [row] = await db
    .select({ q: modifications.quantity })
    .from(modifications)
    .where(eq(modifications.id, id));
  return row?.q;
}

export type OrderingFixture = Awaited<ReturnType<typeof orderingFixture>>;

/**
 * An add as a client makes it: the quote first, then the add at the price it showed (none to a client who may
 * not see prices). A refused quote still goes on to the add, whose own refusal the test then reads.
 */
export async function confirmedAdd(
  service: OrderingService,
  clientId: number,
  modificationId: number,
  quantity: number,
) {
  const preview = await service.previewAdd(clientId, modificationId, quantity);
  return service.addPosition(clientId, modificationId, quantity, preview.ok ? preview.quote.price : null);
}

/** A change as a client makes it, at the price its quote showed (confirmedAdd's). */
export async function confirmedChange(
  service: OrderingService,
  clientId: number,
  positionId: number,
  quantity: number,
) {
  const preview = await service.previewChange(clientId, positionId, quantity);
  return service.changePosition(clientId, positionId, quantity, preview.ok ? preview.quote.price : null);
}
