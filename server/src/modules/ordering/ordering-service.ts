import type { Tx } from "../../db/client.ts";
import { businessDay } from "../../lib/business-time.ts";
import { systemClock } from "../../lib/clock.ts";
import { countingAttempts } from "./attempts.ts";
import type { ClientContext, ClientLookup } from "./rules/client.ts";
import { validQuantity } from "./rules/limits.ts";
import { TEXT } from "./rules/messages.ts";
import type { Situation } from "./rules/weighing.ts";
import { addAvailable } from "./statements/add-available.ts";
import { addLines } from "./statements/add-lines.ts";
import { addPosition } from "./statements/add-position.ts";
import * as lists from "./statements/catalogue-lists.ts";
import { loadClient } from "./statements/client-context.ts";
import { modificationView } from "./statements/modification-data.ts";
import { lockClientPace, spendChange, spendQuote, tooFast } from "./statements/order-rate.ts";
import * as positions from "./statements/positions.ts";
import { type Changed, Refused } from "./statements/positions.ts";
import { previewAdd, previewChange } from "./statements/preview.ts";
import { readSituation, type SituationRead } from "./statements/situation.ts";
import { todayOrder, toTodayOrder } from "./statements/today-order.ts";
import {
  LineAlreadyApplied,
  type OrderingDeps,
  type OrderingService,
  type Page,
  type PositionResult,
  type Refusal,
} from "./types.ts";

const empty = <T>(): Page<T> => ({ items: [], page: 1, pages: 1 });

const badQuantity: Refusal = { ok: false, code: "bad_quantity", message: TEXT.badQuantity };

/**
 * The ordering service of the bot and the Mini App: every ordering rule is enforced here, per call, from the
 * client id the adapter passes first; the bot's keyboards and the Mini App's page only mirror it. Whether the
 * market is open for the client is the market's own decision (marketStateAt), read with the client in one
 * statement (situation.ts).
 */
export function createOrderingService(deps: OrderingDeps): OrderingService {
  const { db } = deps;
  const clock = deps.clock ?? systemClock;
  let kept: { clientId: number; read: Promise<SituationRead> } | undefined;

  function read(clientId: number): Promise<SituationRead> {
    if (!deps.readOnce) return readSituation(db, clientId, clock.now());
    if (kept?.clientId !== clientId) kept = { clientId, read: readSituation(db, clientId, clock.now()) };
    return kept.read;
  }

  /** The client alone: what «Мой заказ» needs, without the market's schedules unless they were read already. */
  function client(clientId: number): Promise<ClientLookup> {
    if (deps.readOnce && kept?.clientId === clientId) return kept.read.then((r) => r.lookup);
    return loadClient(db, clientId);
  }

  /** The client who may browse now: in good standing, with the market open for them. */
  async function browser(clientId: number): Promise<ClientContext | null> {
    const { lookup, market } = await read(clientId);
    return lookup.ok && market.open ? lookup.client : null;
  }

  async function browse<T>(clientId: number, list: (client: ClientContext) => Promise<Page<T>>) {
    const found = await browser(clientId);
    return found ? list(found) : empty<T>();
  }

  /** The client allowed to order now, or the refusal: not a client in good standing, or the market closed. */
  function situationOf({ lookup: found, market, now }: SituationRead): Situation | Refusal {
    if (!found.ok)
      return {
        ok: false,
        code: found.code === "not_found" ? "not_found" : "client_not_allowed",
        message: found.message,
      };
    if (!market.open) return { ok: false, code: "market_closed", message: TEXT.marketClosed };
    return { client: found.client, day: businessDay(now), now };
  }

  async function situation(clientId: number): Promise<Situation | Refusal> {
    return situationOf(await read(clientId));
  }

  /**
   * Runs a change of a position of the client's order (its quantity, or its removal) in a transaction that
   * first takes the client's row of order_rate_buckets (order-rate.ts `lockClientPace`: one client's changes
   * never interleave) and counts the change; a refusal, thrown by the work, rolls everything back. A change
   * given a quantity is paced by the client's allowance, its refused tries too; the quantity is checked after
   * the client's standing, as previews check it. (An add goes without a transaction: add-position.ts.)
   */
  async function change<T>(
    clientId: number,
    quantity: number | null,
    work: (tx: Tx, s: Situation) => Promise<T>,
  ): Promise<{ ok: true; value: T; s: Situation } | Refusal> {
    const paced = quantity !== null;
    const s = await situation(clientId);
    if ("ok" in s) return s;
    let spent = false;
    try {
      const value = await db.transaction(async (tx) => {
        if (!(await lockClientPace(tx, clientId, s.now, paced))) throw new Refused(tooFast);
        spent = paced;
        if (quantity !== null && !validQuantity(quantity)) throw new Refused(badQuantity);
        return work(tx, s);
      });
      deps.receipt?.committed();
      return { ok: true, value, s };
    } catch (error) {
      if (!(error instanceof Refused)) throw error;
      if (spent) await spendChange(db, clientId, s.now);
      return error.refusal;
    }
  }

  /**
   * An add of `quantity` by `add` for a client who may order now: a quantity no add takes is a refused try (its
   * pace spent, the bot's update recorded with it).
   */
  async function adding(
    clientId: number,
    quantity: number,
    add: (s: Situation) => Promise<Changed | Refusal>,
  ): Promise<PositionResult> {
    const s = await situation(clientId);
    if ("ok" in s) return s;
    if (!validQuantity(quantity)) {
      const allowed = await spendChange(db, clientId, s.now, deps.receipt);
      return allowed ? badQuantity : tooFast;
    }
    const done = await add(s);
    return "ok" in done ? done : afterPosition(s, done);
  }

  function afterPosition(s: Situation, changed: Changed) {
    const order = toTodayOrder(s.day, changed.order, s.client.showPrices);
    const position = order.positions.find((p) => p.id === changed.positionId);
    if (!position) throw new Error("the changed position is missing from today's order");
    return { ok: true as const, position, order };
  }

  const service: OrderingService = {
    on: (scope) => createOrderingService({ ...deps, ...scope }),
    async standing(clientId) {
      const { lookup, market } = await read(clientId);
      return lookup.ok ? { ok: true, market } : lookup;
    },
    listBrands: (clientId, page) => browse(clientId, (c) => lists.listBrands(db, c, page)),
    listProducts: (clientId, brandId, page) =>
      browse(clientId, (c) => lists.listProducts(db, c, brandId, page)),
    listModifications: (clientId, productId, page) =>
      browse(clientId, (c) => lists.listModifications(db, c, productId, page)),
    searchModifications: (clientId, text, page) =>
      browse(clientId, (c) => lists.searchModifications(db, c, text, page)),
    catalogue: (clientId, query, page) => browse(clientId, (c) => lists.catalogueItems(db, c, query, page)),
    async allBrands(clientId) {
      const found = await browser(clientId);
      return found ? lists.allBrands(db, found) : [];
    },
    async getModification(clientId, modificationId) {
      const found = await browser(clientId);
      if (!found) return null;
      return modificationView(db, found, modificationId, businessDay(clock.now()));
    },
    // A preview answers whether the stock holds a quantity: it is paced as adds are (order-rate.ts spendQuote).
    async previewAdd(clientId, modificationId, quantity) {
      const s = await situation(clientId);
      if ("ok" in s) return s;
      if (!validQuantity(quantity)) return badQuantity;
      if (!(await spendQuote(db, clientId, s.now))) return tooFast;
      return previewAdd(db, s, modificationId, quantity);
    },
    async previewChange(clientId, positionId, quantity) {
      const s = await situation(clientId);
      if ("ok" in s) return s;
      if (!validQuantity(quantity)) return badQuantity;
      if (!(await spendQuote(db, clientId, s.now))) return tooFast;
      return previewChange(db, s, positionId, quantity);
    },

    addPosition: (clientId, modificationId, quantity, confirmedPrice) =>
      adding(clientId, quantity, (s) =>
        addPosition(db, s, modificationId, quantity, confirmedPrice, deps.receipt),
      ),
    addAvailable: (clientId, modificationId, quantity, confirmedPrice) =>
      adding(clientId, quantity, (s) =>
        addAvailable(db, s, modificationId, quantity, confirmedPrice, deps.receipt),
      ),
    async addPositions(clientId, lines) {
      const s = await situation(clientId);
      if ("ok" in s) return s;
      // The send is the client's one change, whatever its length; its lines then go unpaced.
      if (!(await spendChange(db, clientId, s.now))) return tooFast;
      // A quantity no add takes is refused as addPosition refuses it, between runs of the others.
      const results: (PositionResult | LineAlreadyApplied)[] = [];
      for (let from = 0; from < lines.length; ) {
        const line = lines[from] as (typeof lines)[number];
        if (!validQuantity(line.quantity)) {
          results.push(badQuantity);
          from++;
          continue;
        }
        let to = from;
        while (to < lines.length && validQuantity(lines[to]?.quantity ?? 0)) to++;
        for (const done of await addLines(db, s, lines.slice(from, to)))
          results.push(done instanceof LineAlreadyApplied || "ok" in done ? done : afterPosition(s, done));
        from = to;
      }
      return { ok: true, lines: results };
    },
    async changePosition(clientId, positionId, quantity, confirmedPrice) {
      const done = await change(clientId, quantity, (tx, s) =>
        positions.changePosition(tx, s, positionId, quantity, confirmedPrice, deps.receipt),
      );
      return done.ok ? afterPosition(done.s, done.value) : done;
    },
    async removePosition(clientId, positionId) {
      const done = await change(clientId, null, (tx, s) =>
        positions.removePosition(tx, s, positionId, deps.receipt),
      );
      return done.ok
        ? { ok: true, order: toTodayOrder(done.s.day, done.value, done.s.client.showPrices) }
        : done;
    },
    async todayOrder(clientId) {
      const found = await client(clientId);
      return todayOrder(db, clientId, businessDay(clock.now()), found.ok && found.client.showPrices);
    },
  };
  return deps.countAttempt ? countingAttempts(service, deps.countAttempt) : service;
}
