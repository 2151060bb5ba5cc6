import type { Db } from "../db/client.ts";
import { seedBrand, seedModification, seedProduct } from "../db/factories/catalogue.ts";
import { seedOrder } from "../db/factories/sales.ts";

/**
 * A client's order of the test day (2026-11-20) at wholesale size: `count` positions named as a wholesale
 * catalogue names them («Вектор 9101 Сетевое зарядное устройство 20W USB-C белое, модель 001»), 10 + i units
 * each at 1 234,50, every tenth already sent to collect. As one text it is far over Telegram's limit.
 */
export async function seedLongOrder(
  db: Db,
  { clientId, currencyId, count }: { clientId: number; currencyId: number; count: number },
) {
  const brand = await seedBrand(db, { name: `Вектор ${clientId}` });
  const product = await seedProduct(db, { brandId: brand.id, name: "Сетевое зарядное устройство" });
  const modifications = [];
  for (let i = 1; i <= count; i++) {
    modifications.push(
      await seedModification(db, {
        productId: product.id,
        name: `20W USB-C белое, модель ${String(i).padStart(3, "0")}`,
        quantity: 1000,
        tiers: [{ currencyId, quantityFrom: 1, smallWholesale: 1234.5, largeWholesale: 1200 }],
      }),
    );
  }
  return seedOrder(db, {
    clientId,
    clientType: 3,
    openedOn: "2026-11-20",
    positions: modifications.map((m, i) => ({
      modificationId: m.id,
      currencyId,
      price: 1234.5,
      quantity: 10 + i,
      status: i % 10 === 9 ? ("sent_to_collect" as const) : ("added" as const),
    })),
  });
}
