import type { TMiniAppSession, TStockWait } from "@wholesale/contract";
import { eq } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { seedCurrency, seedModification } from "../db/factories/catalogue.ts";
import { seedClient } from "../db/factories/clients.ts";
import { marketSchedules, outboxMessages, stockWaits } from "../db/schema/index.ts";
import { openButton } from "../jobs/stock-waits.ts";
import { createOrderingService, orderingCacheCaughtUp } from "../modules/ordering/index.ts";
import { type AnnounceDeps, announceStockBack } from "../modules/stock-waits/index.ts";
import type { TestApp } from "./app.ts";
import { TEST_BOT_TOKEN } from "./app.ts";
import { launchData } from "./launch-data.ts";

export const TEST_WEBAPP_URL = "https://shop.example/app/";

/**
 * What the stock waits' tests share: a market open by hand, clients with Mini App tokens, sold-out
 * modifications at 600 ₽, asking through the API, and one announcing pass on the test app's clock.
 */
export async function waitsFixture(t: TestApp) {
  const rub = (await seedCurrency(t.db, { sign: "₽" })).id;
  const [schedule] = await t.db
    .insert(marketSchedules)
    .values({ name: "Основной", isManuallyOpened: true })
    .returning({ id: marketSchedules.id });
  if (!schedule) throw new Error("no schedule");

  const inject = async (options: InjectOptions) => {
    await orderingCacheCaughtUp(t.db);
    return t.app.inject(options);
  };
  const caller = (token: string) => (options: InjectOptions) =>
    inject({ ...options, headers: { authorization: `Bearer ${token}` } });
  type Call = ReturnType<typeof caller>;

  const deps: AnnounceDeps = {
    db: t.db,
    clock: t.clock,
    ordering: createOrderingService({ db: t.db, clock: t.clock }),
    button: openButton(TEST_WEBAPP_URL),
  };

  return {
    rub,
    inject,
    caller,
    deps,
    async setMarketOpen(open: boolean) {
      await t.db
        .update(marketSchedules)
        .set({ isManuallyOpened: open })
        .where(eq(marketSchedules.id, schedule.id));
      await orderingCacheCaughtUp(t.db);
    },
    /** A client with a Mini App token (prices shown unless told otherwise). */
    async clientWithToken(values: Parameters<typeof seedClient>[1] = {}) {
      const client = await seedClient(t.db, { allowedPrice: true, ...values });
      const res = await inject({
        method: "POST",
        url: "/api/app/session/",
        payload: {
          init_data: launchData(client.telegramId ?? 0, {
            botToken: TEST_BOT_TOKEN,
            authDate: t.clock.now(),
          }),
        },
      });
      const body = res.json() as TMiniAppSession;
      if (body.status !== "client") throw new Error(`no session: ${res.body}`);
      return { client, call: caller(body.token) };
    },
    /** A modification sold from 1 unit at 600 ₽ (590 ₽ large), out of stock unless told otherwise. */
    soldOut: (values: Parameters<typeof seedModification>[1] = {}) =>
      seedModification(t.db, {
        quantity: 0,
        ...values,
        tiers: [{ currencyId: rub, quantityFrom: 1, smallWholesale: 600, largeWholesale: 590 }],
      }),
    ask: (call: Call, modification: number) =>
      call({ method: "POST", url: "/api/app/waits/", payload: { modification } }),
    /** Asks and answers the wait, failing when it was not taken. */
    async asked(call: Call, modification: number): Promise<TStockWait> {
      const res = await call({ method: "POST", url: "/api/app/waits/", payload: { modification } });
      if (res.statusCode !== 201) throw new Error(`not asked: ${res.statusCode} ${res.body}`);
      return res.json().wait as TStockWait;
    },
    list: async (call: Call) =>
      ((await call({ method: "GET", url: "/api/app/waits/" })).json() as { results: TStockWait[] }).results,
    /** One announcing pass over every wait, once the app has heard of the changes the test made. */
    async announce(): Promise<number> {
      await orderingCacheCaughtUp(t.db);
      return announceStockBack(deps);
    },
    waitRow: async (id: number) => (await t.db.select().from(stockWaits).where(eq(stockWaits.id, id)))[0],
    /** The stock-back messages queued to a client. */
    messagesTo: (clientId: number) =>
      t.db
        .select()
        .from(outboxMessages)
        .where(eq(outboxMessages.clientId, clientId))
        .then((rows) => rows.filter((r) => r.kind === "stock_back")),
  };
}
