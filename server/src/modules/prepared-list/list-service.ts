import type {
  TMiniAppBrandList,
  TMiniAppCard,
  TMiniAppCatalogue,
  TMiniAppQuote,
  TPasteAlternatives,
  TPasteApplied,
  TPasteApply,
  TPasteMatch,
  TPastOrders,
  TPreparedList,
  TPreparedListAdd,
  TPreparedListChange,
  TPreparedListSent,
  TRepeatedOrder,
} from "@wholesale/contract";
import { confirmedPriceOf, PREPARED_LIST_MAX_LINES } from "@wholesale/contract";
import { and, eq } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { rolledBack } from "../../db/rolled-back.ts";
import { preparedListLines } from "../../db/schema/index.ts";
import { conflict } from "../../http/errors.ts";
import { businessDay } from "../../lib/business-time.ts";
import type { Clock } from "../../lib/clock.ts";
import { cardOf, itemOf, marketOf, quoteOf, refused } from "../miniapp/index.ts";
import {
  type LineNow,
  type ListView,
  listView,
  type OrderingService,
  orderingTexts,
  toKopecks,
  validQuantity,
} from "../ordering/index.ts";
import { amountsPerCurrency } from "./amounts.ts";
import type { Answer } from "./answers.ts";
import { inListOf, putLines, readLines, TOO_MANY_LINES } from "./list-lines.ts";
import { pastOrders, repeatedLines } from "./past-orders.ts";
import { type InList, matchPasted, pastedAlternatives } from "./paste.ts";
import { addPasted } from "./paste-apply.ts";
import { keepPreviewList, previewLines, previewLinesOf, restorePreviewList } from "./preview-list.ts";
import { sendLines, sentAlready } from "./send-list.ts";

const LINE_NOT_FOUND = "Строки нет в списке.";

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
  ordering,
  preview,
}: {
  db: Db;
  clock: Clock;
  ordering: OrderingService;
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
    const found = await ordering.standing(clientId);
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
   * The same outside a change: a preview's own list once it has one (a change's transaction puts it in place of
   * the client's; a read outside one sees the client's).
   */
  async function listedNow(clientId: number): Promise<InList> {
    const kept = preview === undefined ? undefined : await previewLines(db, preview);
    return kept ? new Map(kept.map((l) => [l.modificationId, l.quantity])) : inListOf(db, clientId);
  }

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
            confirmedPrice: confirmedPriceOf(body.price_kopecks),
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
          .set({ quantity: body.quantity, confirmedPrice: confirmedPriceOf(body.price_kopecks) })
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
        sendLines({ on, clock, ordering, clientId, key, market: s.market, view: s.view, source: "list" }),
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
              confirmedPrice: confirmedPriceOf(l.priceKopecks),
            })),
          );
          if (!put) throw conflict(TOO_MANY_LINES);
        }
        if (!s.market.open)
          return { ok: true, value: { status: "listed", list: await listOf(on, clientId, s) } };
        const sent = await sendLines({
          on,
          clock,
          ordering,
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
