import type { TMiniAppAdd, TMiniAppChange, TMiniAppQuoteRequest } from "@wholesale/contract";
import type { Db } from "../../db/client.ts";
import { rolledBack } from "../../db/rolled-back.ts";
import type { OrderingService } from "../ordering/index.ts";
import { getCard } from "./catalogue/get-card.ts";
import { getCatalogue } from "./catalogue/get-catalogue.ts";
import { getMarket } from "./catalogue/get-market.ts";
import { listBrands } from "./catalogue/list-brands.ts";
import { quoteQuantity } from "./catalogue/quote-quantity.ts";
import { fileClaim } from "./file-claim.ts";
import { getText } from "./get-text.ts";
import { addLines } from "./order/add-lines.ts";
import { addPosition } from "./order/add-position.ts";
import { changePosition } from "./order/change-position.ts";
import { getOrder } from "./order/get-order.ts";
import { removePosition } from "./order/remove-position.ts";
import type { RequestOrdering, Write } from "./request-ordering.ts";
import { noWaits, type WaitedFor } from "./waited-for.ts";

export type MiniAppService = ReturnType<typeof createMiniAppService>;

/**
 * The Mini App's calls, each one ordering-service call for the client of the token (read once per request):
 * every rule — standing, market, visibility, price, stock, limits — is the service's, as for the bot.
 */
export function createMiniAppService({
  db,
  ordering: handed,
  dryRun = false,
  waitedFor = noWaits,
}: {
  db: Db;
  /** The ordering service, counting the Mini App's attempts for the metrics where it should. */
  ordering: OrderingService;
  dryRun?: boolean;
  /** What the client waits for, marked on rows and cards; none for a service built only to add. */
  waitedFor?: WaitedFor;
}) {
  const ordering: RequestOrdering = (on = db) => handed.on({ db: on, readOnce: true });
  const write: Write = (work) => (dryRun ? rolledBack(db, work) : work(db));
  const calls = { db, ordering, write, waitedFor };
  return {
    catalogue: (clientId: number, query: { search?: string; brand?: number; page: number }) =>
      getCatalogue(calls, clientId, query),
    brands: (clientId: number) => listBrands(calls, clientId),
    market: (clientId: number) => getMarket(calls, clientId),
    card: (clientId: number, modificationId: number) => getCard(calls, clientId, modificationId),
    quote: (clientId: number, request: TMiniAppQuoteRequest) => quoteQuantity(calls, clientId, request),
    add: (clientId: number, body: TMiniAppAdd) => addPosition(calls, clientId, body),
    addAvailable: (clientId: number, body: TMiniAppAdd) => addPosition(calls, clientId, body, "addAvailable"),
    addLines: (
      clientId: number,
      sendId: number,
      from: number,
      lines: (TMiniAppAdd & { line: number | null })[],
    ) => addLines(calls, clientId, sendId, from, lines),
    change: (clientId: number, positionId: number, body: TMiniAppChange) =>
      changePosition(calls, clientId, positionId, body),
    remove: (clientId: number, positionId: number) => removePosition(calls, clientId, positionId),
    order: (clientId: number) => getOrder(calls, clientId),
    text: (clientId: number, kind: "conditions" | "warranty") => getText(calls, clientId, kind),
    claim: (clientId: number, text: string) => fileClaim(calls, clientId, text),
  };
}
