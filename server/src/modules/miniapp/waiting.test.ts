import type { TMiniAppCard, TMiniAppCatalogue, TMiniAppSession, TStockWaitAsked } from "@wholesale/contract";
import { eq } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedBrand, seedCurrency, seedModification, seedProduct } from "../../db/factories/catalogue.ts";
import { seedClient } from "../../db/factories/clients.ts";
import { marketSchedules } from "../../db/schema/index.ts";
import { createTestApp, TEST_BOT_TOKEN, type TestApp } from "../../test/app.ts";
import { launchData } from "../../test/launch-data.ts";
import { orderingCacheCaughtUp } from "../ordering/index.ts";

let t: TestApp;
let scheduleId: number;
beforeAll(async () => {
  t = await createTestApp();
  const [schedule] = await t.db
    .insert(marketSchedules)
    .values({ name: "Основной", isManuallyOpened: true })
    .returning({ id: marketSchedules.id });
  scheduleId = schedule?.id ?? 0;
});
afterAll(() => t.close());

const inject = async (options: InjectOptions) => {
  await orderingCacheCaughtUp(t.db);
  return t.app.inject(options);
};

describe("the Mini App's rows and cards say what the client waits for", () => {
  it("marks a sold-out item the client asked about, in the order's catalogue and the list's, until cancelled", async () => {
    const rub = (await seedCurrency(t.db, { name: "Рубль", sign: "₽" })).id;
    const brand = await seedBrand(t.db, { name: "Anker" });
    const product = await seedProduct(t.db, { brandId: brand.id, name: "Сетевое зарядное" });
    const tiers = [{ currencyId: rub, quantityFrom: 1, smallWholesale: 900, largeWholesale: 850 }];
    const inStock = await seedModification(t.db, { productId: product.id, name: "30W", quantity: 40, tiers });
    const soldOut = await seedModification(t.db, {
      productId: product.id,
      name: "20W",
      quantity: 0,
      availableSmallWholesale: false,
      availableLargeWholesale: false,
      tiers,
    });
    const client = await seedClient(t.db, { telegramId: 8201, allowedPrice: true });
    const other = await seedClient(t.db, { telegramId: 8202, allowedPrice: true });
    const callerOf = async (telegramId: number) => {
      const session = (
        await inject({
          method: "POST",
          url: "/api/app/session/",
          payload: {
            init_data: launchData(telegramId, { botToken: TEST_BOT_TOKEN, authDate: t.clock.now() }),
          },
        })
      ).json() as TMiniAppSession;
      if (session.status !== "client") throw new Error(`no session: ${JSON.stringify(session)}`);
      return (method: InjectOptions["method"], url: string, payload?: object) =>
        inject({ method, url, payload, headers: { authorization: `Bearer ${session.token}` } });
    };
    const call = await callerOf(client.telegramId ?? 0);
    const otherCall = await callerOf(other.telegramId ?? 0);
    const rows = async (as: typeof call, path = "catalogue") =>
      ((await as("GET", `/api/app/${path}/?brand=${brand.id}`)).json() as TMiniAppCatalogue).items.map(
        (i) => [i.id, i.stock, i.waiting],
      );

    expect(await rows(call)).toEqual([
      [inStock.id, "in_stock", false],
      [soldOut.id, "none", false],
    ]);
    const asked = (
      await call("POST", "/api/app/waits/", { modification: soldOut.id })
    ).json() as TStockWaitAsked;
    expect(await rows(call)).toEqual([
      [inStock.id, "in_stock", false],
      [soldOut.id, "none", true],
    ]);
    expect(await rows(otherCall)).toEqual([
      [inStock.id, "in_stock", false],
      [soldOut.id, "none", false],
    ]);
    expect((await call("GET", `/api/app/modifications/${soldOut.id}/`)).json() as TMiniAppCard).toMatchObject(
      {
        stock: "none",
        can_order: false,
        waiting: true,
      },
    );

    // Closed for the client: the list's catalogue and card say it alike.
    await t.db
      .update(marketSchedules)
      .set({ isManuallyOpened: false })
      .where(eq(marketSchedules.id, scheduleId));
    expect(await rows(call, "list/catalogue")).toEqual([
      [inStock.id, "in_stock", false],
      [soldOut.id, "none", true],
    ]);
    expect(
      (await call("GET", `/api/app/list/modifications/${soldOut.id}/`)).json() as TMiniAppCard,
    ).toMatchObject({
      waiting: true,
    });
    await t.db
      .update(marketSchedules)
      .set({ isManuallyOpened: true })
      .where(eq(marketSchedules.id, scheduleId));

    expect((await call("DELETE", `/api/app/waits/${asked.wait.id}/`)).statusCode).toBe(204);
    expect(await rows(call)).toEqual([
      [inStock.id, "in_stock", false],
      [soldOut.id, "none", false],
    ]);
  });
});
