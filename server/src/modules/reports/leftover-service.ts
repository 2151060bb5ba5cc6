import type { TLeftoverReport } from "@wholesale/contract";
import { asc, count, desc, eq, gt, inArray } from "drizzle-orm";
import { withProductAndBrand } from "../../db/catalogue-path.ts";
import type { Db, Tx } from "../../db/client.ts";
import { firstRow } from "../../db/first-row.ts";
import {
  brands,
  currencies,
  leftoverReports,
  modifications,
  priceTiers,
  products,
} from "../../db/schema/index.ts";
import { notFound } from "../../http/errors.ts";
import { businessDay, businessTime } from "../../lib/business-time.ts";
import type { Clock } from "../../lib/clock.ts";
import { type XlsxRow, xlsxBuffer } from "../../lib/xlsx.ts";

/** Rows are read in keyset pages, so the snapshot never holds the whole catalogue's rows at once. */
const BATCH = 1000;

const LEFTOVER_COLUMNS = [
  { header: "Брэнд", key: "brand", width: 24 },
  { header: "Продукт", key: "product", width: 24 },
  { header: "Модификация", key: "modification", width: 28 },
  { header: "Количество", key: "quantity", width: 12 },
  { header: "От", key: "quantity_from", width: 8 },
  { header: "Малый опт", key: "small", width: 12, numFmt: "0.00" },
  { header: "Крупный опт", key: "large", width: 12, numFmt: "0.00" },
  { header: "Валюта", key: "currency", width: 10 },
];

const toReport = (row: { id: number; name: string; createdAt: Date }): TLeftoverReport => ({
  id: row.id,
  name: row.name,
  created_at: row.createdAt.toISOString(),
  file: `/api/reports/leftover/${row.id}/download/`,
});

/** Every modification with stock, one row per price tier, sorted like the offers page. */
async function* leftoverRows(db: Db | Tx): AsyncGenerator<XlsxRow> {
  let afterId = 0;
  for (;;) {
    const mods = await withProductAndBrand(
      db
        .select({
          id: modifications.id,
          name: modifications.name,
          quantity: modifications.quantity,
          product: products.name,
          brand: brands.name,
        })
        .from(modifications)
        .$dynamic(),
    )
      .where(gt(modifications.id, afterId))
      .orderBy(asc(modifications.id))
      .limit(BATCH);
    if (mods.length === 0) return;
    afterId = firstRow(mods.slice(-1)).id;
    const tiers = await db
      .select({
        modificationId: priceTiers.modificationId,
        quantityFrom: priceTiers.quantityFrom,
        small: priceTiers.smallWholesale,
        large: priceTiers.largeWholesale,
        currency: currencies.sign,
      })
      .from(priceTiers)
      .innerJoin(currencies, eq(currencies.id, priceTiers.currencyId))
      .where(
        inArray(
          priceTiers.modificationId,
          mods.map((m) => m.id),
        ),
      )
      .orderBy(asc(priceTiers.modificationId), asc(priceTiers.quantityFrom));
    const byModification = new Map<number, typeof tiers>();
    for (const t of tiers) {
      const list = byModification.get(t.modificationId) ?? [];
      list.push(t);
      byModification.set(t.modificationId, list);
    }
    for (const m of mods) {
      const base = { brand: m.brand, product: m.product, modification: m.name, quantity: m.quantity };
      const list = byModification.get(m.id);
      if (!list?.length) yield base;
      else
        for (const t of list)
          yield {
            ...base,
            quantity_from: t.quantityFrom,
            small: t.small,
            large: t.large,
            currency: t.currency,
          };
    }
  }
}

export type LeftoverService = ReturnType<typeof createLeftoverService>;

export function createLeftoverService({ db, clock }: { db: Db; clock: Clock }) {
  return {
    async list({ limit, offset }: { limit: number; offset: number }) {
      const [rows, [total]] = await Promise.all([
        db
          .select({
            id: leftoverReports.id,
            name: leftoverReports.name,
            createdAt: leftoverReports.createdAt,
          })
          .from(leftoverReports)
          .orderBy(desc(leftoverReports.createdAt), desc(leftoverReports.id))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(leftoverReports),
      ]);
      return { results: rows.map(toReport), count: total?.n ?? 0 };
    },

    /**
     * A snapshot of stock and prices now, stored in the database so any instance can serve it. `tx` lets
     * the daily job generate inside the transaction that claims the day.
     */
    async generate(tx: Db | Tx = db): Promise<TLeftoverReport> {
      const now = clock.now();
      const file = await xlsxBuffer([{ name: "Остатки", columns: LEFTOVER_COLUMNS, rows: leftoverRows(tx) }]);
      const name = `Остатки_${businessDay(now)}_${businessTime(now).slice(0, 5).replace(":", "-")}.xlsx`;
      const row = firstRow(
        await tx.insert(leftoverReports).values({ name, file, createdAt: now }).returning({
          id: leftoverReports.id,
          name: leftoverReports.name,
          createdAt: leftoverReports.createdAt,
        }),
      );
      return toReport(row);
    },

    async file(id: number): Promise<{ name: string; file: Buffer }> {
      const [row] = await db
        .select({ name: leftoverReports.name, file: leftoverReports.file })
        .from(leftoverReports)
        .where(eq(leftoverReports.id, id));
      if (!row) throw notFound("Отчет не найден");
      return row;
    },

    async remove(id: number): Promise<void> {
      const rows = await db
        .delete(leftoverReports)
        .where(eq(leftoverReports.id, id))
        .returning({ id: leftoverReports.id });
      if (rows.length === 0) throw notFound("Отчет не найден");
    },
  };
}
