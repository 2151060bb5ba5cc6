import type {
  TMiniAppBrandList,
  TMiniAppCard,
  TMiniAppCatalogue,
  TMiniAppQuote,
  TPasteAlternatives,
  TPasteApplied,
  TPasteAppliedLine,
  TPasteApply,
  TPasteMatch,
  TPastOrders,
  TPreparedList,
  TPreparedListAdd,
  TPreparedListChange,
  TPreparedListSent,
  TRepeatedOrder,
} from "@wholesale/contract";
import { fromKopecks, PREPARED_LIST_MAX_LINES } from "@wholesale/contract";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { rolledBack } from "../../db/rolled-back.ts";
import { preparedListLines, preparedListOpenings } from "../../db/schema/index.ts";
import { conflict } from "../../http/errors.ts";
import { businessDay } from "../../lib/business-time.ts";
import type { Clock } from "../../lib/clock.ts";
import { cardOf, itemOf, marketOf, quoteOf, refusalOf } from "../miniapp/index.ts";
import {
  createOrderingService,
  type LineNow,
  type ListView,
  listView,
  MAX_QUANTITY,
  orderingTexts,
  toKopecks,
} from "../ordering/index.ts";
import { amountsPerCurrency } from "./amounts.ts";
import { type Answer, refused } from "./answers.ts";
import { pastOrders, repeatedLines } from "./past-orders.ts";
import { type InList, matchPasted, pastedAlternatives } from "./paste.ts";
import { keepPreviewList, previewLines, previewLinesOf, restorePreviewList } from "./preview-list.ts";
import { sendLines, sentAlready } from "./send-list.ts";

const LINE_NOT_FOUND = "Строки нет в списке.";
const TOO_MANY_LINES = `В списке не больше ${PREPARED_LIST_MAX_LINES} строк.`;
const tooManyPasted = (free: number, fresh: number) =>
  `${TOO_MANY_LINES} Свободных мест: ${free}, а новых позиций выбрано: ${fresh}. Ничего не добавлено: ` +
  "снимите отметку с лишних.";
const listChanged = (now: number, shown: number) =>
  `Список изменился: в нём ${now} шт. этого товара, а не ${shown}. Ничего не прибавлено: проверьте количество.`;
const overMaximum = (before: number, total: number) =>
  `В списке уже ${before} шт.: вместе было бы ${total} шт., а можно не больше ${MAX_QUANTITY}.`;

/**
 * The advisory lock's first key for a client's list (the second is the client's id): every writer of new lines
 * takes it, so a list is counted and grown by one writer at a time. No other advisory lock uses two keys.
 */
export const LIST_LOCK = 30;

type PutLine = { modificationId: number; quantity: number; confirmedPrice: number | null };
type HeldLine = { modificationId: number; quantity: number; place: number };

export type PreparedListService = ReturnType<typeof createPreparedListService>;

type Standing = { market: Parameters<typeof marketOf>[0]; view: ListView };

/**
 * The prepared list («Список к открытию»), its sending, «Повторить заказ» and a pasted list, for the Mini App and
 * the bot. The list is kept per client and reserves nothing; sending applies each line through the Mini App's
 * own add (send-list.ts), so every rule of the ordering service holds line by line.
 *
 * `preview` (a staff preview in dry run, its session): every call runs in a transaction that is rolled back, as
 * the Mini App's dry run and the bot preview's, so the answers are real and nothing of the client's is kept; the
 * list the preview prepares is kept apart under its session (preview-list.ts) and stands in for the client's in
 * each call, so a preview prepares a list, sends it and reads the answers.
 */
export function createPreparedListService({
  db,
  clock,
  preview,
}: {
  db: Db;
  clock: Clock;
  preview?: string;
}) {
  async function write<T>(clientId: number, work: (on: Db | Tx) => Promise<T>): Promise<T> {
    if (preview === undefined) return work(db);
    const done = await rolledBack(db, async (tx) => {
      await restorePreviewList(tx, preview, clientId);
      const value = await work(tx);
      return { value, lines: await previewLinesOf(tx, clientId) };
    });
    await keepPreviewList(db, preview, clientId, done.lines);
    return done.value;
  }

  /** The client in good standing (the ordering service's decision, market included) and the list's view. */
  async function standing(clientId: number) {
    const found = await createOrderingService({ db, clock, readOnce: true }).standing(clientId);
    if (!found.ok)
      return { ok: false as const, answer: refused({ code: "client_not_allowed", message: found.message }) };
    const view = await listView(db, clientId);
    if (!view.ok)
      return { ok: false as const, answer: refused({ code: "client_not_allowed", message: view.message }) };
    return { ok: true as const, market: found.market, view };
  }

  /**
   * The client's standing read first, on the database (its reads are the ordering service's, kept in memory),
   * then the change: on PGlite a read outside the dry run's transaction would wait for it.
   */
  async function withStanding<T>(
    clientId: number,
    work: (on: Db | Tx, s: Standing) => Promise<Answer<T>>,
  ): Promise<Answer<T>> {
    const s = await standing(clientId);
    if (!s.ok) return s.answer;
    return write(clientId, (on) => work(on, s));
  }

  async function readLines(on: Db | Tx, clientId: number) {
    return on
      .select({
        id: preparedListLines.id,
        modificationId: preparedListLines.modificationId,
        quantity: preparedListLines.quantity,
        confirmedPrice: preparedListLines.confirmedPrice,
      })
      .from(preparedListLines)
      .where(eq(preparedListLines.clientId, clientId))
      .orderBy(asc(preparedListLines.place), asc(preparedListLines.id));
  }

  async function listOf(on: Db | Tx, clientId: number, s: Standing): Promise<TPreparedList> {
    const lines = await readLines(on, clientId);
    const now = await s.view.linesNow(lines, on);
    return {
      lines: lines.map((line, i) => lineOf(line, now[i] as LineNow, s.view.showPrices)),
      totals: s.view.showPrices ? totalsOf(now) : null,
      market: marketOf(s.market),
    };
  }

  /**
   * `work` on the client's list as it stands, alone: in a transaction (a savepoint inside the dry run's) holding
   * the list's lock and its lines' rows, so the count and the quantities read are still true when it writes:
   * two adds at once cannot both count 99 lines and both insert.
   */
  function lockedList<T>(on: Db | Tx, clientId: number, work: (tx: Tx, held: HeldLine[]) => Promise<T>) {
    return on.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${LIST_LOCK}::int, ${clientId}::int)`);
      const held = await tx
        .select({
          modificationId: preparedListLines.modificationId,
          quantity: preparedListLines.quantity,
          place: preparedListLines.place,
        })
        .from(preparedListLines)
        .where(eq(preparedListLines.clientId, clientId))
        .for("update");
      return work(tx, held);
    });
  }

  /**
   * Writes lines as given, in one statement: a modification already on the list has its line set (quantity and
   * confirmed price, in its place), others go at the end in their order. The opening notice's state starts as
   * the market is now, so the bot's message goes at the next opening, not at once.
   */
  async function writeLines(
    tx: Tx,
    clientId: number,
    marketOpen: boolean,
    held: readonly HeldLine[],
    lines: readonly PutLine[],
  ) {
    // A modification given twice is written once, as its last line says: one statement may not update a row twice.
    const once = [...new Map(lines.map((l) => [l.modificationId, l])).values()];
    if (once.length > 0) {
      const last = held.reduce((most, l) => Math.max(most, l.place), 0);
      await tx
        .insert(preparedListLines)
        .values(once.map((line, i) => ({ clientId, ...line, place: last + i + 1 })))
        .onConflictDoUpdate({
          target: [preparedListLines.clientId, preparedListLines.modificationId],
          set: {
            quantity: sql.raw(`excluded.${preparedListLines.quantity.name}`),
            confirmedPrice: sql.raw(`excluded.${preparedListLines.confirmedPrice.name}`),
          },
        });
    }
    await tx.insert(preparedListOpenings).values({ clientId, marketOpen }).onConflictDoNothing();
  }

  /** Puts lines in the list (writeLines), or nothing and false when the new ones would pass its cap. */
  function putLines(
    on: Db | Tx,
    clientId: number,
    marketOpen: boolean,
    lines: readonly PutLine[],
  ): Promise<boolean> {
    return lockedList(on, clientId, async (tx, held) => {
      const known = new Set(held.map((l) => l.modificationId));
      const added = new Set(lines.map((l) => l.modificationId).filter((m) => !known.has(m))).size;
      if (held.length + added > PREPARED_LIST_MAX_LINES) return false;
      await writeLines(tx, clientId, marketOpen, held, lines);
      return true;
    });
  }

  /** A pasted line's modification and units: the lines of one modification added up, in first-seen order. */
  function combined(lines: TPasteApply["lines"]) {
    const by = new Map<number, TPasteApply["lines"][number]>();
    for (const line of lines) {
      const seen = by.get(line.modification);
      // The later line's price is the one the page showed for the sum.
      if (seen) by.set(line.modification, { ...line, quantity: seen.quantity + line.quantity });
      else by.set(line.modification, { ...line });
    }
    return [...by.values()];
  }

  /**
   * A paste's chosen lines added to the list in one transaction, each judged as an add to the list is, on the
   * units the list will hold (its own plus the paste's): a refused line is answered alone, and new positions
   * past the cap refuse the whole paste (409) before anything is written.
   */
  async function addPasted(
    on: Db | Tx,
    clientId: number,
    s: Standing,
    lines: TPasteApply["lines"],
  ): Promise<TPasteAppliedLine[]> {
    const asked = combined(lines);
    // Whether each is sold is judged before the lock, where the ordering service's kept data serves the reads,
    // on the units the list holds now; the lock then weighs the sums and the cap on the list as it stands.
    const had = await inListOf(on, clientId);
    const ids = asked.map((a) => a.modification);
    const quotes = await s.view.quotes(
      asked.map((a) => ({
        modificationId: a.modification,
        quantity: (had.get(a.modification) ?? 0) + a.quantity,
      })),
      on,
    );
    const names = await s.view.names(ids, on);
    return lockedList(on, clientId, async (tx, held) => {
      const holds = new Map(held.map((l) => [l.modificationId, l.quantity]));
      const sized = asked.map((a) => {
        const before = holds.get(a.modification) ?? 0;
        return { ...a, before, total: before + a.quantity };
      });
      const results: TPasteAppliedLine[] = sized.map((a, i) => {
        const name = names.get(a.modification) ?? orderingTexts.notFound;
        if (a.before !== a.in_list)
          return {
            status: "changed",
            modification: a.modification,
            name,
            quantity: a.quantity,
            in_list: a.before,
            detail: listChanged(a.before, a.in_list),
          };
        const quote = quotes[i];
        const refusal = !validQuantity(a.quantity)
          ? refusalOf({ code: "bad_quantity", message: orderingTexts.badQuantity })
          : a.total > MAX_QUANTITY
            ? refusalOf({ code: "bad_quantity", message: overMaximum(a.before, a.total) })
            : quote && !quote.ok
              ? refusalOf(quote)
              : null;
        return refusal
          ? { status: "refused", modification: a.modification, name, quantity: a.quantity, refusal }
          : {
              status: "added",
              modification: a.modification,
              name,
              quantity: a.quantity,
              before: a.before,
              total: a.total,
            };
      });
      const taken = sized.filter((_, i) => results[i]?.status === "added");
      const fresh = taken.filter((a) => a.before === 0).length;
      const free = PREPARED_LIST_MAX_LINES - held.length;
      if (fresh > free) throw conflict(tooManyPasted(Math.max(0, free), fresh));
      await writeLines(
        tx,
        clientId,
        s.market.open,
        held,
        taken.map((a) => ({
          modificationId: a.modification,
          quantity: a.total,
          confirmedPrice: priceOf(a.price_kopecks),
        })),
      );
      return results;
    });
  }

  /** Units of each modification in the client's list now, on `on` (a change's transaction). */
  async function inListOf(on: Db | Tx, clientId: number): Promise<InList> {
    return new Map((await readLines(on, clientId)).map((l) => [l.modificationId, l.quantity]));
  }

  /**
   * The same outside a change: a preview's own list once it has one (a change's transaction puts it in place of
   * the client's; a read outside one sees the client's).
   */
  async function listedNow(clientId: number): Promise<InList> {
    const kept = preview === undefined ? undefined : await previewLines(db, preview);
    return kept ? new Map(kept.map((l) => [l.modificationId, l.quantity])) : inListOf(db, clientId);
  }

  const validQuantity = (q: number) => Number.isInteger(q) && q >= 1 && q <= MAX_QUANTITY;
  const priceOf = (kopecks: number | null) => (kopecks === null ? null : fromKopecks(kopecks));

  return {
    list: (clientId: number): Promise<Answer<TPreparedList>> =>
      withStanding(clientId, async (on, s) => ({ ok: true, value: await listOf(on, clientId, s) })),

    addLine: (clientId: number, body: TPreparedListAdd): Promise<Answer<TPreparedList>> =>
      withStanding(clientId, async (on, s) => {
        if (!validQuantity(body.quantity))
          return refused({ code: "bad_quantity", message: orderingTexts.badQuantity });
        // What is listed must be sold now; the price the client saw is kept for the send to confirm.
        const quote = await s.view.quote(body.modification, body.quantity, on);
        if (!quote.ok) return refused(quote);
        const put = await putLines(on, clientId, s.market.open, [
          {
            modificationId: body.modification,
            quantity: body.quantity,
            confirmedPrice: priceOf(body.price_kopecks),
          },
        ]);
        if (!put) throw conflict(TOO_MANY_LINES);
        return { ok: true, value: await listOf(on, clientId, s) };
      }),

    changeLine: (
      clientId: number,
      lineId: number,
      body: TPreparedListChange,
    ): Promise<Answer<TPreparedList>> =>
      withStanding(clientId, async (on, s) => {
        if (!validQuantity(body.quantity))
          return refused({ code: "bad_quantity", message: orderingTexts.badQuantity });
        const changed = await on
          .update(preparedListLines)
          .set({ quantity: body.quantity, confirmedPrice: priceOf(body.price_kopecks) })
          .where(and(eq(preparedListLines.id, lineId), eq(preparedListLines.clientId, clientId)))
          .returning({ id: preparedListLines.id });
        if (changed.length === 0) return refused({ code: "not_found", message: LINE_NOT_FOUND });
        return { ok: true, value: await listOf(on, clientId, s) };
      }),

    deleteLine: (clientId: number, lineId: number): Promise<Answer<TPreparedList>> =>
      withStanding(clientId, async (on, s) => {
        const gone = await on
          .delete(preparedListLines)
          .where(and(eq(preparedListLines.id, lineId), eq(preparedListLines.clientId, clientId)))
          .returning({ id: preparedListLines.id });
        if (gone.length === 0) return refused({ code: "not_found", message: LINE_NOT_FOUND });
        return { ok: true, value: await listOf(on, clientId, s) };
      }),

    async quote(
      clientId: number,
      body: { modification: number; quantity: number },
    ): Promise<Answer<TMiniAppQuote>> {
      const s = await standing(clientId);
      if (!s.ok) return s.answer;
      if (!validQuantity(body.quantity))
        return refused({ code: "bad_quantity", message: orderingTexts.badQuantity });
      const quote = await s.view.quote(body.modification, body.quantity);
      return quote.ok ? { ok: true, value: quoteOf(quote.quote) } : refused(quote);
    },

    /** The brands of the list's catalogue: the order's chips, shown while the market is closed too. */
    async brands(clientId: number): Promise<Answer<TMiniAppBrandList>> {
      const s = await standing(clientId);
      if (!s.ok) return s.answer;
      return { ok: true, value: { results: await s.view.brands() } };
    },

    async catalogue(
      clientId: number,
      query: { search?: string; brand?: number; page: number },
    ): Promise<Answer<TMiniAppCatalogue>> {
      const s = await standing(clientId);
      if (!s.ok) return s.answer;
      const page = await s.view.catalogue({ text: query.search, brandId: query.brand }, query.page);
      return {
        ok: true,
        value: {
          items: page.items.map(itemOf),
          page: page.page,
          pages: page.pages,
          market: marketOf(s.market),
        },
      };
    },

    async card(clientId: number, modificationId: number): Promise<Answer<TMiniAppCard>> {
      const s = await standing(clientId);
      if (!s.ok) return s.answer;
      const card = await s.view.card(modificationId, businessDay(clock.now()));
      return card
        ? { ok: true, value: cardOf(card) }
        : refused({ code: "not_found", message: orderingTexts.notFound });
    },

    /** Sends the list under `key` (sendLines: in order, each line once, answered as it was). */
    send: (clientId: number, key: string): Promise<Answer<TPreparedListSent>> =>
      withStanding(clientId, (on, s) =>
        sendLines({ on, clock, clientId, key, market: s.market, view: s.view, source: "list" }),
      ),

    async paste(clientId: number, text: string): Promise<Answer<TPasteMatch>> {
      const s = await standing(clientId);
      if (!s.ok) return s.answer;
      const inList = await listedNow(clientId);
      const matched = await matchPasted(s.view, text, inList);
      return {
        ok: true,
        value: { ...matched, list_lines: inList.size, list_max_lines: PREPARED_LIST_MAX_LINES },
      };
    },

    async pasteAlternatives(
      clientId: number,
      query: { search: string; quantity: number; page: number },
    ): Promise<Answer<TPasteAlternatives>> {
      const s = await standing(clientId);
      if (!s.ok) return s.answer;
      return { ok: true, value: await pastedAlternatives(s.view, query, await listedNow(clientId)) };
    },

    /** A paste's chosen lines into the list, each adding to the line there (addPasted). */
    applyPaste: (clientId: number, body: TPasteApply): Promise<Answer<TPasteApplied>> =>
      withStanding(clientId, async (on, s) => {
        const results = await addPasted(on, clientId, s, body.lines);
        return { ok: true, value: { results, list: await listOf(on, clientId, s) } };
      }),

    async pastOrders(clientId: number): Promise<Answer<TPastOrders>> {
      const s = await standing(clientId);
      if (!s.ok) return s.answer;
      return { ok: true, value: await pastOrders(db, s.view, clientId, businessDay(clock.now())) };
    },

    /**
     * «Повторить заказ»: the order's positions into the list (as adds to it, each confirmed at the price the
     * order had); while the market is open for the client, those lines are sent at once, under `key`, as a
     * list's lines are: each added once whatever sends it, and the refused ones stay in the list to change.
     */
    repeat: (clientId: number, orderId: number, key: string): Promise<Answer<TRepeatedOrder>> =>
      withStanding<TRepeatedOrder>(clientId, async (on, s) => {
        const lines = await repeatedLines(on, s.view, clientId, orderId, businessDay(clock.now()));
        if (!lines) return refused({ code: "not_found", message: "Заказ не найден." });
        // A key answered already is answered as it was: its lines left the list, and listing them again
        // would put them back.
        if (!s.market.open || !(await sentAlready(on, clientId, key))) {
          const put = await putLines(
            on,
            clientId,
            s.market.open,
            lines.map((l) => ({
              modificationId: l.modificationId,
              quantity: l.quantity,
              confirmedPrice: priceOf(l.priceKopecks),
            })),
          );
          if (!put) throw conflict(TOO_MANY_LINES);
        }
        if (!s.market.open)
          return { ok: true, value: { status: "listed", list: await listOf(on, clientId, s) } };
        const sent = await sendLines({
          on,
          clock,
          clientId,
          key,
          market: s.market,
          view: s.view,
          source: { modifications: lines.map((l) => l.modificationId) },
        });
        return sent.ok ? { ok: true, value: { status: "sent", sent: sent.value } } : sent;
      }),
  };
}

function lineOf(
  line: { id: number; modificationId: number; quantity: number; confirmedPrice: number | null },
  now: LineNow,
  showPrices: boolean,
) {
  return {
    id: line.id,
    modification: line.modificationId,
    name: now.name,
    quantity: line.quantity,
    price: now.price,
    price_kopecks: now.price === null ? null : toKopecks(now.price),
    confirmed_price_kopecks:
      showPrices && line.confirmedPrice !== null ? toKopecks(line.confirmedPrice) : null,
    sum: now.sum,
    currency_sign: now.currencySign,
    sold: now.sold,
    stock: now.stock,
  };
}

/** Per currency, added in whole kopecks so the sum does not drift. */
function totalsOf(lines: readonly LineNow[]) {
  return amountsPerCurrency(
    lines.flatMap((l) => (l.sum === null ? [] : [{ currencySign: l.currencySign, amount: l.sum }])),
  );
}
