import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/app.ts";
import { seedCurrency, seedModification } from "./factories/catalogue.ts";
import { seedClient } from "./factories/clients.ts";
import { seedOrder } from "./factories/sales.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** node-postgres warns (once per process) when a query is sent to a connection still running another one. */
async function overlappingQueries(work: () => Promise<void>): Promise<string[]> {
  const warnings: string[] = [];
  const onWarning = (warning: Error) => {
    if (warning.message.includes("already executing a query")) warnings.push(warning.message);
  };
  process.on("warning", onWarning);
  try {
    await work();
    // Warnings are emitted on the next tick.
    await new Promise((resolve) => setImmediate(resolve));
  } finally {
    process.off("warning", onWarning);
  }
  return warnings;
}

describe.runIf(process.env.TEST_DB === "postgres")("a transaction's connection", () => {
  it("runs one statement at a time: a modification saved and an order position changed", async () => {
    const rub = await seedCurrency(t.db);
    const modification = await seedModification(t.db, {
      quantity: 50,
      tiers: [{ currencyId: rub.id, quantityFrom: 1 }],
    });
    const client = await seedClient(t.db);
    const order = await seedOrder(t.db, {
      clientId: client.id,
      clientType: 3,
      openedOn: "2026-11-20",
      positions: [{ modificationId: modification.id, currencyId: rub.id, quantity: 2 }],
    });
    const warnings = await overlappingQueries(async () => {
      const saved = await t.call("office", {
        method: "PUT",
        url: `/api/storehouse/modifications/${modification.id}/`,
        payload: { name: "Переименована" },
      });
      expect(saved.statusCode).toBe(200);
      const changed = await t.call("office", {
        method: "PUT",
        url: `/api/sales/order-positions/${order.positions[0]?.id}/`,
        payload: { price: 90, quantity: 3 },
      });
      expect(changed.statusCode).toBe(200);
    });
    expect(warnings).toEqual([]);
  });
});
