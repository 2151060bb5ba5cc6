import { eq } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedBrand, seedCurrency, seedModification, seedProduct } from "../../db/factories/catalogue.ts";
import { seedClient } from "../../db/factories/clients.ts";
import { preparedListLines } from "../../db/schema/index.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { orderingCacheCaughtUp } from "../ordering/index.ts";

/** The list's cap holds whatever adds run at once. */
let t: TestApp;
let rub: number;
beforeAll(async () => {
  t = await createTestApp();
  t.clock.set("2026-03-10T07:00:00Z");
  rub = (await seedCurrency(t.db, { name: "Рубль", sign: "₽" })).id;
});
afterAll(() => t.close());

async function clientCalls() {
  const client = await seedClient(t.db, { allowedPrice: true });
  const token = await t.app.tokens.signClient({ clientId: client.id, telegramId: client.telegramId ?? 0 });
  const call = async (options: InjectOptions) => {
    await orderingCacheCaughtUp(t.db);
    return t.app.inject({ ...options, headers: { authorization: `Bearer ${token}` } });
  };
  return { client, call };
}

/** `count` modifications of one product of a brand named `brand` (a name no other test uses). */
async function productOf(brand: string, product: string, count: number) {
  const made = await seedProduct(t.db, {
    brandId: (await seedBrand(t.db, { name: brand })).id,
    name: product,
  });
  const mods = [];
  for (let i = 1; i <= count; i++)
    mods.push(
      await seedModification(t.db, {
        productId: made.id,
        name: `вариант ${i}`,
        tiers: [{ currencyId: rub, quantityFrom: 1, smallWholesale: 600, largeWholesale: 590 }],
      }),
    );
  return mods;
}

const addLine = (modification: number, quantity: number) => ({
  method: "POST" as const,
  url: "/api/app/list/lines/",
  payload: { modification, quantity, price_kopecks: 60000 },
});
const linesOf = async (clientId: number) =>
  t.db
    .select({ modificationId: preparedListLines.modificationId, quantity: preparedListLines.quantity })
    .from(preparedListLines)
    .where(eq(preparedListLines.clientId, clientId));

describe("the list's cap with adds at once", () => {
  it("keeps 100 lines of 160 single adds at once and refuses the rest in Russian", async () => {
    const { call, client } = await clientCalls();
    const mods = await productOf("Наплывной", "Товар", 160);
    const answers = await Promise.all(mods.map((m) => call(addLine(m.id, 1))));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(100);
    expect(codes.filter((c) => c === 409)).toHaveLength(60);
    for (const refused of answers.filter((a) => a.statusCode === 409))
      expect(refused.json()).toMatchObject({ detail: "В списке не больше 100 строк." });
    expect(await linesOf(client.id)).toHaveLength(100);
  });
});
