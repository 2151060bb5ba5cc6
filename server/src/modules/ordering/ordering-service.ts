import { businessDay } from "../../lib/business-time.ts";
import { systemClock } from "../../lib/clock.ts";
import { addPositions } from "./add-positions.ts";
import { countingAttempts } from "./attempts.ts";
import { createClientReads } from "./client-reads.ts";
import { positionResult } from "./position-result.ts";
import { previewQuantity } from "./preview-quantity.ts";
import type { ClientContext } from "./rules/client.ts";
import { inStockFor } from "./rules/in-stock.ts";
import { viewOf } from "./rules/modification-view.ts";
import { runAdd } from "./run-add.ts";
import { runChange } from "./run-change.ts";
import { addAvailable } from "./statements/add-available.ts";
import { addPosition } from "./statements/add-position.ts";
import * as lists from "./statements/catalogue-lists.ts";
import { loadModificationAndDay, modificationView } from "./statements/modification-data.ts";
import * as positions from "./statements/positions.ts";
import { previewAdd, previewChange } from "./statements/preview.ts";
import { todayOrder, toTodayOrder } from "./statements/today-order.ts";
import type { OrderingDeps, OrderingService, Page } from "./types.ts";

const empty = <T>(): Page<T> => ({ items: [], page: 1, pages: 1 });

/**
 * The ordering service of the bot and the Mini App: every ordering rule is enforced here, per call, from the
 * client id the adapter passes first; the bot's keyboards and the Mini App's page only mirror it. Whether the
 * market is open for the client is the market's own decision (marketStateAt), read with the client in one
 * statement (situation.ts).
 */
export function createOrderingService(deps: OrderingDeps): OrderingService {
  const { db, receipt } = deps;
  const clock = deps.clock ?? systemClock;
  const reads = createClientReads({ db, clock, readOnce: deps.readOnce });
  const calls = { db, receipt, reads };

  async function browse<T>(clientId: number, list: (client: ClientContext) => Promise<Page<T>>) {
    const found = await reads.browser(clientId);
    return found ? list(found) : empty<T>();
  }

  const service: OrderingService = {
    on: (scope) => createOrderingService({ ...deps, ...scope }),
    async standing(clientId) {
      const { lookup, market } = await reads.read(clientId);
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
      const found = await reads.browser(clientId);
      return found ? lists.allBrands(db, found) : [];
    },
    async getModification(clientId, modificationId) {
      const found = await reads.browser(clientId);
      if (!found) return null;
      return modificationView(db, found, modificationId, businessDay(clock.now()));
    },
    async stockFor(clientId, modificationId) {
      const found = await reads.client(clientId);
      if (!found.ok) return null;
      const { modification, order } = await loadModificationAndDay(
        db,
        found.client,
        modificationId,
        businessDay(clock.now()),
      );
      if (!modification) return null;
      return { card: viewOf(found.client, modification, order.positions), inStock: inStockFor(modification) };
    },
    previewAdd: (clientId, modificationId, quantity) =>
      previewQuantity(calls, clientId, quantity, (s) => previewAdd(db, s, modificationId, quantity)),
    previewChange: (clientId, positionId, quantity) =>
      previewQuantity(calls, clientId, quantity, (s) => previewChange(db, s, positionId, quantity)),
    addPosition: (clientId, modificationId, quantity, confirmedPrice) =>
      runAdd(calls, clientId, quantity, (s) =>
        addPosition(db, s, modificationId, quantity, confirmedPrice, receipt),
      ),
    addAvailable: (clientId, modificationId, quantity, confirmedPrice) =>
      runAdd(calls, clientId, quantity, (s) =>
        addAvailable(db, s, modificationId, quantity, confirmedPrice, receipt),
      ),
    addPositions: (clientId, lines) => addPositions(calls, clientId, lines),
    async changePosition(clientId, positionId, quantity, confirmedPrice) {
      const done = await runChange(calls, clientId, quantity, (tx, s) =>
        positions.changePosition(tx, s, positionId, quantity, confirmedPrice, receipt),
      );
      return done.ok ? positionResult(done.s, done.value) : done;
    },
    async removePosition(clientId, positionId) {
      const done = await runChange(calls, clientId, null, (tx, s) =>
        positions.removePosition(tx, s, positionId, receipt),
      );
      return done.ok
        ? { ok: true, order: toTodayOrder(done.s.day, done.value, done.s.client.showPrices) }
        : done;
    },
    async todayOrder(clientId) {
      const found = await reads.client(clientId);
      return todayOrder(db, clientId, businessDay(clock.now()), found.ok && found.client.showPrices);
    },
  };
  return deps.countAttempt ? countingAttempts(service, deps.countAttempt) : service;
}
