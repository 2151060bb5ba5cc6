import { systemClock } from "../../lib/clock.ts";
import * as lists from "./catalogue-lists.ts";
import { type ClientContext, loadClient } from "./client-context.ts";
import type { OrderingDeps, OrderingService, Page } from "./types.ts";

const empty = <T>(): Page<T> => ({ items: [], page: 1, pages: 1 });

/**
 * The bot's ordering service: every rule of issue 12 is enforced here, per call, from the client id the
 * bot passes first; the bot's keyboards only mirror it.
 */
export function createOrderingService(
  deps: Partial<Pick<OrderingDeps, "clock">> & Omit<OrderingDeps, "clock">,
): OrderingService {
  const { db, marketState } = deps;
  const clock = deps.clock ?? systemClock;

  async function browse<T>(clientId: number, read: (client: ClientContext) => Promise<Page<T>>) {
    const found = await loadClient(db, clientId);
    return found.ok ? read(found.client) : empty<T>();
  }

  return {
    async standing(clientId) {
      const found = await loadClient(db, clientId);
      if (!found.ok) return found;
      return { ok: true, market: await marketState(db, clientId, clock.now()) };
    },
    listBrands: (clientId, page) => browse(clientId, (c) => lists.listBrands(db, c, page)),
    listProducts: (clientId, brandId, page) =>
      browse(clientId, (c) => lists.listProducts(db, c, brandId, page)),
    listModifications: (clientId, productId, page) =>
      browse(clientId, (c) => lists.listModifications(db, c, productId, page)),
    searchModifications: (clientId, text, page) =>
      browse(clientId, (c) => lists.searchModifications(db, c, text, page)),
    getModification: () => Promise.reject(new Error("getModification: coming in the next commit")),
    addPosition: () => Promise.reject(new Error("addPosition: coming in the next commit")),
    changePosition: () => Promise.reject(new Error("changePosition: coming in the next commit")),
    removePosition: () => Promise.reject(new Error("removePosition: coming in the next commit")),
    todayOrder: () => Promise.reject(new Error("todayOrder: coming in the next commit")),
  };
}
