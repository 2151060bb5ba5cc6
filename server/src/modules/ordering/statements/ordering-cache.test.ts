import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database, Db } from "../../../db/client.ts";
import { seedBrand, seedCurrency, seedModification, seedProduct } from "../../../db/factories/catalogue.ts";
import { seedClient, seedGroup } from "../../../db/factories/clients.ts";
import { notify } from "../../../db/notifications.ts";
import {
  accessRules,
  brands,
  clientGroups,
  clients,
  marketSchedules,
  modificationClients,
  modifications,
  priceTiers,
} from "../../../db/schema/index.ts";
import { fixedClock } from "../../../lib/clock.ts";
import { openTestDatabase, secondInstance, type TestDatabase } from "../../../test/database.ts";
import { waitUntil } from "../../../test/wait.ts";
import { createOrderingService } from "../ordering-service.ts";
import { NOW } from "../test-fixture.ts";
import { staticOf } from "./modification-data.ts";
import { ORDERING_CACHE_CHANNEL, orderingCacheCaughtUp, startOrderingCache } from "./ordering-cache.ts";

/**
 * Two server instances on one database, each keeping what the ordering rules read on every tap: a change made
 * through one (or by hand, whoever makes it) reaches the other's rules within a moment, announced by the
 * database's triggers on the channel ordering_cache.
 */
let database: TestDatabase;
let other: Database;
let caches: { close: () => Promise<void> }[];
let rub: number;
let scheduleId: number;
const clock = fixedClock(NOW);
beforeAll(async () => {
  database = await openTestDatabase();
  other = await secondInstance(database, "the other instance");
  const started = [startOrderingCache(database.db), startOrderingCache(other.db)];
  caches = started;
  await Promise.all(started.map((c) => c.listening));
  rub = (await seedCurrency(database.db, { name: "Рубль", sign: "₽" })).id;
  const [schedule] = await database.db
    .insert(marketSchedules)
    .values({ name: "Основной", isManuallyOpened: true })
    .returning({ id: marketSchedules.id });
  scheduleId = schedule?.id ?? 0;
});
afterAll(async () => {
  for (const cache of caches) await cache.close();
  await other.close();
  await database.close();
});

/** This instance's ordering service: what a tap here decides. */
const here = () => createOrderingService({ db: database.db, clock });

async function setting() {
  const group = await seedGroup(other.db, { surcharge: 1.1 });
  const client = await seedClient(other.db, { allowedPrice: true, groupId: group.id });
  const brand = await seedBrand(other.db);
  const product = await seedProduct(other.db, { brandId: brand.id });
  const mod = await seedModification(other.db, {
    productId: product.id,
    oneHandQuantity: 0,
    tiers: [{ currencyId: rub, quantityFrom: 1, smallWholesale: 600, largeWholesale: 590 }],
  });
  // The seeding's own announcements heard first: one arriving after a test's first read (a loaded machine delays
  // them) would make this instance forget what it had just read, and the test meant to show it kept.
  await orderingCacheCaughtUp(database.db);
  return { group, client, brand, mod };
}

/**
 * The unit price this instance would quote the client for one unit now, or the refusal's code. Quotes are paced
 * (order-rate.ts spendQuote) and the test's clock stands still, so each quote is asked a second after the one
 * before, as a person would: a wait polling them faster would otherwise be answered too_fast.
 */
async function quoted(clientId: number, modificationId: number, quantity = 1) {
  clock.advance(1000);
  const preview = await here().previewAdd(clientId, modificationId, quantity);
  return preview.ok ? preview.quote.price : preview.code;
}

/** A change the triggers do not announce: PostgreSQL fires no ordinary trigger for a session in replica role. */
const unannounced = (
  db: Db,
  change: (tx: Parameters<Parameters<Db["transaction"]>[0]>[0]) => Promise<unknown>,
) =>
  db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await change(tx);
  });

describe("what the ordering service keeps in memory", () => {
  it("is kept until the database announces a change of it, then read again", async () => {
    const { client, mod } = await setting();
    expect(await quoted(client.id, mod.id)).toBe(600);
    await unannounced(other.db, (tx) =>
      tx.update(priceTiers).set({ smallWholesale: 700 }).where(eq(priceTiers.modificationId, mod.id)),
    );
    await unannounced(other.db, (tx) =>
      tx.update(clients).set({ banned: true }).where(eq(clients.id, client.id)),
    );
    // Kept: neither change was announced.
    expect(await quoted(client.id, mod.id)).toBe(600);
    expect((await here().standing(client.id)).ok).toBe(true);
    await notify(other.db, ORDERING_CACHE_CHANNEL, `modification:${mod.id}`);
    await waitUntil(
      "the tier's new price to be quoted",
      async () => (await quoted(client.id, mod.id)) === 700,
    );
    expect((await here().standing(client.id)).ok, "the client was not announced").toBe(true);
    await notify(other.db, ORDERING_CACHE_CHANNEL, `client:${client.id}`);
    await waitUntil("the ban to be seen", async () => !(await here().standing(client.id)).ok);
  });

  it("sees a change made through another instance within a moment: tiers, limits, names, access rules, groups, standing, the market", async () => {
    const { group, client, brand, mod } = await setting();
    expect(await quoted(client.id, mod.id)).toBe(600);
    await other.db
      .update(priceTiers)
      .set({ smallWholesale: 650 })
      .where(eq(priceTiers.modificationId, mod.id));
    await waitUntil("a changed tier", async () => (await quoted(client.id, mod.id)) === 650);

    expect(await quoted(client.id, mod.id, 3)).toBe(650);
    await other.db.update(modifications).set({ oneHandQuantity: 2 }).where(eq(modifications.id, mod.id));
    await waitUntil("a new hand limit", async () => (await quoted(client.id, mod.id, 3)) === "hand_limit");

    expect((await here().getModification(client.id, mod.id))?.brandName).toBe(brand.name);
    await other.db.update(brands).set({ name: "Переименованный" }).where(eq(brands.id, brand.id));
    await waitUntil(
      "a renamed brand",
      async () => (await here().getModification(client.id, mod.id))?.brandName === "Переименованный",
    );

    await other.db.update(clients).set({ allowedPriceWMarkup: true }).where(eq(clients.id, client.id));
    await waitUntil("the group's surcharge", async () => (await quoted(client.id, mod.id)) === 715);
    await other.db.update(clientGroups).set({ surcharge: 1.2 }).where(eq(clientGroups.id, group.id));
    await waitUntil("a new surcharge", async () => (await quoted(client.id, mod.id)) === 780);

    await other.db
      .update(accessRules)
      .set({ bannedBrands: ["Переименованный"] })
      .where(eq(accessRules.clientId, client.id));
    await waitUntil("a banned brand", async () => (await quoted(client.id, mod.id)) === "not_found");
    await other.db.update(accessRules).set({ bannedBrands: [] }).where(eq(accessRules.clientId, client.id));
    await waitUntil("the brand allowed again", async () => (await quoted(client.id, mod.id)) === 780);

    await other.db
      .update(marketSchedules)
      .set({ isManuallyOpened: false })
      .where(eq(marketSchedules.id, scheduleId));
    await waitUntil("the market closed", async () => (await quoted(client.id, mod.id)) === "market_closed");
    await other.db
      .update(marketSchedules)
      .set({ isManuallyOpened: true })
      .where(eq(marketSchedules.id, scheduleId));
    await waitUntil("the market open again", async () => (await quoted(client.id, mod.id)) === 780);

    await other.db.update(clients).set({ banned: true }).where(eq(clients.id, client.id));
    await waitUntil("the ban", async () => (await quoted(client.id, mod.id)) === "client_not_allowed");
  });

  it("an add knows within a moment that a modification's audience changed: restricted to others, then to nobody", async () => {
    const { client, mod } = await setting();
    const add = async () => {
      const added = await here().addPosition(client.id, mod.id, 1, 600);
      return added.ok ? "added" : added.code;
    };
    // Kept as shown to everyone: the add's statement does not ask the audience's tables.
    expect(await add()).toBe("added");
    const someone = await seedClient(other.db);
    await other.db.insert(modificationClients).values({ modificationId: mod.id, clientId: someone.id });
    await waitUntil(
      "the restriction to be heard",
      async () => (await staticOf(database.db, mod.id))?.restricted === true,
    );
    expect(await add()).toBe("not_found");
    // Restricted: the statement asks whether this client is in the audience, as it stands.
    await other.db.insert(modificationClients).values({ modificationId: mod.id, clientId: client.id });
    expect(await add()).toBe("added");
    await other.db.delete(modificationClients).where(eq(modificationClients.modificationId, mod.id));
    await waitUntil(
      "the audience's removal to be heard",
      async () => (await staticOf(database.db, mod.id))?.restricted === false,
    );
    expect(await add()).toBe("added");
  });

  it.skipIf(process.env.TEST_DB !== "postgres")(
    "forgets everything when it listens again after its connection was lost: what changed meanwhile was not heard",
    async () => {
      const { client, mod } = await setting();
      expect(await quoted(client.id, mod.id)).toBe(600);
      await other.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity
            where datname = current_database() and query like 'LISTEN%'`,
      );
      await unannounced(other.db, (tx) =>
        tx.update(priceTiers).set({ smallWholesale: 610 }).where(eq(priceTiers.modificationId, mod.id)),
      );
      await waitUntil("the price changed unheard to be read again", async () => {
        return (await quoted(client.id, mod.id)) === 610;
      });
    },
  );
});
