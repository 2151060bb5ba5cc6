import {
  confirmedPriceOf,
  type TMiniAppAdd,
  type TMiniAppAdded,
  type TMiniAppBrand,
  type TMiniAppCard,
  type TMiniAppCatalogue,
  type TMiniAppChange,
  type TMiniAppOrder,
  type TMiniAppPosition,
  type TMiniAppPositionResult,
  type TMiniAppQuote,
  type TMiniAppQuoteRequest,
} from "@wholesale/contract";
import type { Db } from "../../db/client.ts";
import { rolledBack } from "../../db/rolled-back.ts";
import { badRequest } from "../../http/errors.ts";
import { latestBotText } from "../bot-texts/index.ts";
import { createClaim } from "../claims/index.ts";
import {
  LineAlreadyApplied,
  type OrderingService,
  orderingTexts,
  type PositionResult,
} from "../ordering/index.ts";
import { type Answer, refused } from "./answers.ts";
import { cardOf, itemOf, marketOf, orderOf, positionOf, quoteOf, totalsOf } from "./views.ts";

export type MiniAppService = ReturnType<typeof createMiniAppService>;

/**
 * The Mini App's calls, each one ordering-service call for the client of the token (read once per request):
 * every rule — standing, market, visibility, price, stock, limits — is the service's, as for the bot.
 */
export function createMiniAppService({
  db,
  ordering: handed,
  dryRun = false,
}: {
  db: Db;
  /** The ordering service, counting the Mini App's attempts for the metrics where it should. */
  ordering: OrderingService;
  dryRun?: boolean;
}) {
  const ordering = (on: Db = db) => handed.on({ db: on, readOnce: true });

  /**
   * A change: on the database, or, for a staff preview in dry run (the bot preview's rule), in a transaction
   * that is always rolled back, so the answer is real and nothing is kept.
   */
  const write = <T>(work: (on: Db) => Promise<T>): Promise<T> => (dryRun ? rolledBack(db, work) : work(db));

  /** The client may use the catalogue at all (banned, deactivated or deleted since the token: no). */
  async function standing(clientId: number) {
    const service = ordering();
    const found = await service.standing(clientId);
    return { service, found };
  }

  return {
    async catalogue(
      clientId: number,
      query: { search?: string; brand?: number; page: number },
    ): Promise<Answer<TMiniAppCatalogue>> {
      const { service, found } = await standing(clientId);
      if (!found.ok) return refused({ code: "client_not_allowed", message: found.message });
      const page = await service.catalogue(
        clientId,
        { text: query.search, brandId: query.brand },
        query.page,
      );
      return {
        ok: true,
        value: {
          items: page.items.map(itemOf),
          page: page.page,
          pages: page.pages,
          market: marketOf(found.market),
        },
      };
    },

    async brands(clientId: number): Promise<Answer<{ results: TMiniAppBrand[] }>> {
      const { service, found } = await standing(clientId);
      if (!found.ok) return refused({ code: "client_not_allowed", message: found.message });
      return { ok: true, value: { results: await service.allBrands(clientId) } };
    },

    async market(clientId: number): Promise<Answer<ReturnType<typeof marketOf>>> {
      const { found } = await standing(clientId);
      if (!found.ok) return refused({ code: "client_not_allowed", message: found.message });
      return { ok: true, value: marketOf(found.market) };
    },

    async card(clientId: number, modificationId: number): Promise<Answer<TMiniAppCard>> {
      const { service, found } = await standing(clientId);
      if (!found.ok) return refused({ code: "client_not_allowed", message: found.message });
      if (!found.market.open) return refused({ code: "market_closed", message: orderingTexts.marketClosed });
      const card = await service.getModification(clientId, modificationId);
      return card
        ? { ok: true, value: cardOf(card) }
        : refused({ code: "not_found", message: orderingTexts.notFound });
    },

    /** An add's quote, or a change's (the position's new quantity in all), as the add or change would price it. */
    async quote(clientId: number, request: TMiniAppQuoteRequest): Promise<Answer<TMiniAppQuote>> {
      const service = ordering();
      const preview =
        "position" in request
          ? await service.previewChange(clientId, request.position, request.quantity)
          : await service.previewAdd(clientId, request.modification, request.quantity);
      return preview.ok ? { ok: true, value: quoteOf(preview.quote) } : refused(preview);
    },

    /** An add answers the position and the order's totals (the page reads «Мой заказ» when it opens). */
    add: (clientId: number, body: TMiniAppAdd): Promise<Answer<TMiniAppAdded>> =>
      write(async (on) =>
        added(
          await ordering(on).addPosition(
            clientId,
            body.modification,
            body.quantity,
            confirmedPriceOf(body.price_kopecks),
          ),
        ),
      ),

    /** «Взять сколько есть»: answered as an add, with the units taken. */
    addAvailable: (clientId: number, body: TMiniAppAdd): Promise<Answer<TMiniAppAdded>> =>
      write(async (on) =>
        added(
          await ordering(on).addAvailable(
            clientId,
            body.modification,
            body.quantity,
            confirmedPriceOf(body.price_kopecks),
          ),
        ),
      ),

    /**
     * A prepared list's lines (a send's, from its place `from` on, each with the list's line it came from), each
     * answered as `add` answers it, or as applied by an earlier statement (the line's record found: nothing
     * written); or the whole call refused (beyond the client's pace, or the client may not order now).
     */
    addLines: (
      clientId: number,
      sendId: number,
      from: number,
      lines: (TMiniAppAdd & { line: number | null })[],
    ): Promise<Answer<(Answer<TMiniAppPosition> | LineAlreadyApplied)[]>> =>
      write(async (on) => {
        const outcomes = await ordering(on).addPositions(
          clientId,
          lines.map((line, i) => ({
            modificationId: line.modification,
            quantity: line.quantity,
            confirmedPrice: confirmedPriceOf(line.price_kopecks),
            applies: { sendId, place: from + i, line: line.line },
          })),
        );
        if (!outcomes.ok) return refused(outcomes);
        return {
          ok: true,
          value: outcomes.lines.map((done) => {
            if (done instanceof LineAlreadyApplied) return done;
            return done.ok ? { ok: true as const, value: positionOf(done.position) } : refused(done);
          }),
        };
      }),

    change: (
      clientId: number,
      positionId: number,
      body: TMiniAppChange,
    ): Promise<Answer<TMiniAppPositionResult>> =>
      write(async (on) => {
        const done = await ordering(on).changePosition(
          clientId,
          positionId,
          body.quantity,
          confirmedPriceOf(body.price_kopecks),
        );
        if (!done.ok) return refused(done);
        return { ok: true, value: { position: positionOf(done.position), order: orderOf(done.order) } };
      }),

    remove: (clientId: number, positionId: number): Promise<Answer<TMiniAppOrder>> =>
      write(async (on) => {
        const done = await ordering(on).removePosition(clientId, positionId);
        return done.ok ? { ok: true, value: orderOf(done.order) } : refused(done);
      }),

    async order(clientId: number): Promise<Answer<TMiniAppOrder>> {
      const { service, found } = await standing(clientId);
      if (!found.ok) return refused({ code: "client_not_allowed", message: found.message });
      return { ok: true, value: orderOf(await service.todayOrder(clientId)) };
    },

    async text(clientId: number, kind: "conditions" | "warranty"): Promise<Answer<{ text: string }>> {
      const { found } = await standing(clientId);
      if (!found.ok) return refused({ code: "client_not_allowed", message: found.message });
      return { ok: true, value: { text: await latestBotText(db, kind) } };
    },

    /** A claim, as the bot files it, for the back-office's «Претензии»; the claim's own refusal is a 400. */
    async claim(clientId: number, text: string): Promise<Answer<{ detail: string }>> {
      const { found } = await standing(clientId);
      if (!found.ok) return refused({ code: "client_not_allowed", message: found.message });
      const filed = await write((on) => createClaim(on, { clientId, text }));
      if (!filed.ok) throw badRequest(filed.message);
      return { ok: true, value: { detail: "Претензия принята. Менеджер свяжется с вами." } };
    },
  };
}

/** An add's answer: the position and the order's totals, or the refusal. */
const added = (done: PositionResult): Answer<TMiniAppAdded> =>
  done.ok
    ? { ok: true, value: { position: positionOf(done.position), totals: totalsOf(done.order) } }
    : refused(done);
