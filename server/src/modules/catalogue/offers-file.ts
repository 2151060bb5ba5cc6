import { performance } from "node:perf_hooks";
import { roundMoney, type TOffersImportResult } from "@wholesale/contract";
import { asc } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { currencies } from "../../db/schema/index.ts";
import { AppError, badRequest } from "../../http/errors.ts";
import { letOthersIn } from "../../lib/let-others-in.ts";
import { xlsxBuffer } from "../../lib/xlsx.ts";
import {
  type CellValue,
  type SheetBudget,
  SheetRefusal,
  type SheetRow,
} from "../../lib/xlsx-reader/first-sheet.ts";
import { readFirstSheetOffThread } from "../../lib/xlsx-reader/read-sheet-off-thread.ts";
import { applyOffers, CHUNK } from "./offers/apply-offers.ts";
import { keyOf, type Offer } from "./offers/offer.ts";

/**
 * The offers file: one sheet, one row per price tier. A modification with several tiers has several
 * rows repeating its brand, product, modification and quantity. Quantity is the stock to set.
 */
export const OFFERS_COLUMNS = [
  { header: "Брэнд", key: "brand", width: 24 },
  { header: "Продукт", key: "product", width: 24 },
  { header: "Модификация", key: "modification", width: 28 },
  { header: "Количество", key: "quantity", width: 12 },
  { header: "От", key: "quantity_from", width: 8 },
  { header: "Малый опт", key: "small", width: 12 },
  { header: "Крупный опт", key: "large", width: 12 },
  { header: "Валюта", key: "currency", width: 10 },
] as const;
export const OFFERS_SHEET = "Предложения";
export const OFFERS_TEMPLATE_NAME = "Шаблон_предложений.xlsx";
export const OFFERS_MAX_ROWS = 20_000;
/** How many bad rows the answer lists; a file with more says how many were left out. */
const MAX_REPORTED_ERRORS = 50;
const NAME_MAX = 200;
const PRICE_MAX = 999_999_999_999;
const QUANTITY_MAX = 2_000_000_000;
/**
 * How long one transaction of an import should take. The embedded PGlite runs a transaction on the server's
 * thread, holding every other request (the health check too) until it ends: a whole 20,000-row file in one had
 * held them for 5-7 s. So a file is written in batches sized to take about this long: the first of
 * FIRST_BATCH modifications, each next one scaled by how long the last took (at most doubled or quartered), within
 * MIN_BATCH and MAX_BATCH. A busy machine gets smaller batches (bench/RESULTS.md, «Big writes on the embedded
 * database»).
 */
const TRANSACTION_TARGET_MS = 100;
const FIRST_BATCH = 100;
const MIN_BATCH = 20;
/** The most modifications one import transaction writes (also the statements' limit, CHUNK). */
export const MAX_BATCH = CHUNK;

/** The size of the next batch, from how long the last one of `size` took. */
const nextBatch = (size: number, tookMs: number) =>
  Math.round(
    Math.min(
      MAX_BATCH,
      Math.max(MIN_BATCH, size * Math.min(2, Math.max(0.25, TRANSACTION_TARGET_MS / tookMs))),
    ),
  );

type Cell = CellValue | undefined;

function text(cell: Cell): string {
  return cell === undefined ? "" : String(cell).trim();
}

function number(cell: Cell): number | undefined {
  if (typeof cell === "number") return cell;
  if (typeof cell === "string" && cell.trim() !== "") {
    const n = Number(cell.trim().replace(",", "."));
    return Number.isFinite(n) ? n : undefined;
  }
  return undefined;
}

/** A value quoted back in an error, cut so that a giant cell cannot make a giant answer. */
const quoted = (value: string) => `«${value.length > 50 ? `${value.slice(0, 50)}…` : value}»`;

/**
 * What reading an offers file may cost. A full file (20,000 rows of 8 columns) needs 160,000 cells and
 * about 6 MB of sheet XML; the limits leave room for extra columns and long names, and keep a crafted file's
 * reading under about a second and a few tens of megabytes, off the server's thread.
 */
const OFFERS_SHEET_BUDGET: SheetBudget = {
  maxRows: OFFERS_MAX_ROWS + 1,
  maxColumns: OFFERS_COLUMNS.length,
  maxCells: 250_000,
  maxXmlBytes: 16 * 1024 * 1024,
  maxTextChars: 8_000_000,
};
/**
 * Reading the sheet (in its worker) may take this long before the file is refused. The budget above bounds
 * the work; this only ends a reading that would go on regardless, so it is far above what an honest 20,000-row
 * file takes on a busy machine (a wall-clock deadline near the quiet time refused the crafted files of
 * offers-file-bombs.test.ts as «too slow» instead of by their limits once the CPU was starved).
 */
const READ_DEADLINE_MS = 30_000;

const NOT_XLSX = "Файл не является книгой Excel (.xlsx)";
const REFUSALS: Record<SheetRefusal["reason"], string> = {
  not_xlsx: NOT_XLSX,
  no_sheet: "В файле нет листов",
  too_many_rows: `Слишком много строк: не более ${OFFERS_MAX_ROWS}`,
  too_many_cells: `Слишком много ячеек на листе: не более ${OFFERS_SHEET_BUDGET.maxCells.toLocaleString("ru-RU")}`,
  too_large: `Лист слишком большой: не более ${OFFERS_SHEET_BUDGET.maxXmlBytes / 1024 / 1024} МБ в распакованном виде`,
  too_much_text: `Слишком много текста в ячейках: не более ${OFFERS_SHEET_BUDGET.maxTextChars.toLocaleString("ru-RU")} символов`,
  too_slow: `Файл слишком сложный: чтение заняло больше ${READ_DEADLINE_MS / 1000} с`,
};

/** The first sheet's rows, read in a worker thread within the budget; a refusal is the answer's 400. */
async function readOffersSheet(data: Buffer): Promise<SheetRow[]> {
  // An xlsx file is a zip archive: anything else is refused before a worker is started.
  if (data.length < 4 || data.readUInt32LE(0) !== 0x04034b50) {
    throw badRequest(NOT_XLSX, { file: ["Ожидается файл .xlsx"] });
  }
  try {
    return await readFirstSheetOffThread(data, OFFERS_SHEET_BUDGET, { deadlineMs: READ_DEADLINE_MS });
  } catch (error) {
    if (!(error instanceof SheetRefusal)) throw error;
    const detail = REFUSALS[error.reason];
    throw badRequest(detail, { file: [error.reason === "not_xlsx" ? "Ожидается файл .xlsx" : detail] });
  }
}

function parseOffers(rows: SheetRow[], currencyOf: (name: string) => number | undefined): Offer[] {
  const header = rows[0]?.number === 1 ? rows[0].cells : [];
  const expected = OFFERS_COLUMNS.map((c) => c.header);
  const actual = expected.map((_, i) => text(header[i]).toLowerCase());
  if (actual.some((h, i) => h !== expected[i]?.toLowerCase())) {
    throw badRequest(`Неверные заголовки: ожидаются столбцы ${expected.join(", ")}`, {
      file: [`Ожидаются столбцы: ${expected.join(", ")}`],
    });
  }

  const errors: string[] = [];
  const offers = new Map<string, Offer>();
  for (const { number: rowNumber, cells } of rows) {
    if (rowNumber === 1) continue;
    const [
      brandCell,
      productCell,
      modificationCell,
      quantityCell,
      fromCell,
      smallCell,
      largeCell,
      currencyCell,
    ] = cells;
    if (cells.every((c) => text(c) === "")) continue;
    const problems: string[] = [];
    const name = (cell: Cell, label: string) => {
      const value = text(cell);
      if (!value) problems.push(`не указан(а) ${label}`);
      else if (value.length > NAME_MAX) problems.push(`${label}: не более ${NAME_MAX} символов`);
      return value;
    };
    const brand = name(brandCell, "брэнд");
    const product = name(productCell, "продукт");
    const modification = name(modificationCell, "модификация");
    const whole = (cell: Cell, label: string, min: number, fallback?: number) => {
      const value = text(cell) === "" ? fallback : number(cell);
      if (value === undefined || !Number.isInteger(value) || value < min || value > QUANTITY_MAX) {
        problems.push(`${label}: ожидается целое число не меньше ${min}`);
        return min;
      }
      return value;
    };
    const quantity = whole(quantityCell, "количество", 0);
    const quantityFrom = whole(fromCell, "«От»", 1, 1);
    const price = (cell: Cell, label: string) => {
      const value = number(cell);
      if (value === undefined || value <= 0 || value > PRICE_MAX) {
        problems.push(`${label}: ожидается положительное число`);
        return 1;
      }
      return roundMoney(value);
    };
    const small = price(smallCell, "малый опт");
    const large = price(largeCell, "крупный опт");
    const currencyName = text(currencyCell);
    const currencyId = currencyOf(currencyName);
    if (currencyId === undefined)
      problems.push(currencyName ? `неизвестная валюта ${quoted(currencyName)}` : "не указана валюта");

    const key = keyOf(brand, product, modification);
    const offer = offers.get(key);
    if (offer && problems.length === 0) {
      if (offer.quantity !== quantity) problems.push(`количество отличается от строки ${offer.firstRow}`);
      if (offer.tiers.some((t) => t.quantityFrom === quantityFrom))
        problems.push(`цена «От ${quantityFrom}» указана дважды`);
    }
    if (problems.length) {
      errors.push(`Строка ${rowNumber}: ${problems.join("; ")}`);
      continue;
    }
    const tier = { quantityFrom, small, large, currencyId: currencyId as number };
    if (offer) offer.tiers.push(tier);
    else offers.set(key, { brand, product, modification, quantity, firstRow: rowNumber, tiers: [tier] });
  }

  for (const offer of offers.values()) {
    if (!offer.tiers.some((t) => t.quantityFrom === 1)) {
      errors.push(`Строка ${offer.firstRow}: у модификации нет цены «От 1»`);
    }
    offer.tiers.sort((a, b) => a.quantityFrom - b.quantityFrom);
  }
  if (errors.length) {
    const listed = errors.slice(0, MAX_REPORTED_ERRORS);
    if (errors.length > listed.length) listed.push(`…и еще ${errors.length - listed.length} ошибок`);
    throw new AppError(
      "bad_request",
      `Файл не загружен, ошибки в строках: ${listed.slice(0, 3).join("; ")}`,
      {
        file: listed,
      },
    );
  }
  if (offers.size === 0) throw badRequest("В файле нет строк с предложениями");
  return [...offers.values()];
}

/**
 * The offers with each product's modifications together, in the file's order otherwise: a batch then names
 * only its own few products, whatever order the file's rows came in.
 */
function byProduct(offers: Offer[]): Offer[] {
  const groups = new Map<string, Offer[]>();
  for (const offer of offers) {
    const key = keyOf(offer.brand, offer.product);
    const group = groups.get(key);
    if (group) group.push(offer);
    else groups.set(key, [offer]);
  }
  return [...groups.values()].flat();
}

export type OffersFileService = ReturnType<typeof createOffersFileService>;

export function createOffersFileService({ db }: { db: Db }) {
  async function currencyLookup(): Promise<(name: string) => number | undefined> {
    const rows = await db.select().from(currencies);
    const byName = new Map<string, number>();
    for (const c of rows) {
      byName.set(c.name.toLowerCase(), c.id);
      byName.set(c.sign.toLowerCase(), c.id);
    }
    return (name) => byName.get(name.toLowerCase());
  }

  return {
    /**
     * A file with any bad row is refused whole, listing the rows and their reasons, before anything is written.
     * A good one is written in batches, each its own transaction of about TRANSACTION_TARGET_MS, with the event
     * loop let through between them so that other requests go in between. A database lost half-way leaves the
     * batches before it written; the same file uploaded again finishes the work, since an import sets values
     * (what it already did is unchanged the second time).
     */
    async import(data: Buffer): Promise<TOffersImportResult> {
      const rows = await readOffersSheet(data);
      const offers = byProduct(parseOffers(rows, await currencyLookup()));
      const total: TOffersImportResult = {
        rows: 0,
        created: 0,
        updated: 0,
        unchanged: 0,
        clients_to_tell: 0,
      };
      const toTell = new Set<number>();
      let size = FIRST_BATCH;
      for (let at = 0; at < offers.length; ) {
        const batch = offers.slice(at, at + size);
        const started = performance.now();
        const { counts, waitingClients } = await db.transaction((tx) => applyOffers(tx, batch));
        size = nextBatch(batch.length, performance.now() - started);
        at += batch.length;
        total.rows += counts.rows;
        total.created += counts.created;
        total.updated += counts.updated;
        total.unchanged += counts.unchanged;
        for (const client of waitingClients) toTell.add(client);
        await letOthersIn();
      }
      return { ...total, clients_to_tell: toTell.size };
    },

    /** The header row and two example rows (one modification with two tiers) in the first currency. */
    async template(): Promise<Buffer> {
      const [currency] = await db.select().from(currencies).orderBy(asc(currencies.id)).limit(1);
      const currencyName = currency?.name ?? "";
      const example = {
        brand: "Пример брэнда",
        product: "Пример продукта",
        modification: "Пример модификации",
        quantity: 10,
      };
      return xlsxBuffer([
        {
          name: OFFERS_SHEET,
          columns: [...OFFERS_COLUMNS],
          rows: [
            { ...example, quantity_from: 1, small: 100, large: 90, currency: currencyName },
            { ...example, quantity_from: 10, small: 95, large: 85, currency: currencyName },
          ],
        },
      ]);
    },
  };
}
