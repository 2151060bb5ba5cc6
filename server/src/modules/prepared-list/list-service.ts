import type {
  TPasteApply,
  TPreparedList,
  TPreparedListAdd,
  TPreparedListChange,
  TPreparedListSent,
} from "@wholesale/contract";
import type { Db } from "../../db/client.ts";
import type { Clock } from "../../lib/clock.ts";
import { noWaits, type WaitedFor } from "../miniapp/index.ts";
import type { OrderingService } from "../ordering/index.ts";
import type { Answer } from "./answers.ts";
import { applyPaste } from "./apply-paste.ts";
import { getCard } from "./catalogue/get-card.ts";
import { getCatalogue } from "./catalogue/get-catalogue.ts";
import { listBrands } from "./catalogue/list-brands.ts";
import { quoteLine } from "./catalogue/quote-line.ts";
import { findPasteAlternatives } from "./find-paste-alternatives.ts";
import { addLine } from "./lines/add-line.ts";
import { changeLine } from "./lines/change-line.ts";
import { deleteLine } from "./lines/delete-line.ts";
import { readList } from "./lines/read-list.ts";
import { listPastOrders } from "./list-past-orders.ts";
import { matchPaste } from "./match-paste.ts";
import { repeatOrder } from "./repeat-order.ts";
import { sendLines } from "./send-list.ts";
import { type ListDeps, withStanding } from "./standing.ts";

export type PreparedListService = ReturnType<typeof createPreparedListService>;

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
  waitedFor = noWaits,
}: {
  db: Db;
  clock: Clock;
  ordering: OrderingService;
  preview?: string;
  /** What the client waits for, marked on the catalogue's rows and cards; none where no catalogue is shown. */
  waitedFor?: WaitedFor;
}) {
  const deps: ListDeps = { db, clock, ordering, preview, waitedFor };
  return {
    list: (clientId: number): Promise<Answer<TPreparedList>> =>
      withStanding(deps, clientId, async (on, s) => ({ ok: true, value: await readList(on, clientId, s) })),
    addLine: (clientId: number, body: TPreparedListAdd) => addLine(deps, clientId, body),
    changeLine: (clientId: number, lineId: number, body: TPreparedListChange) =>
      changeLine(deps, clientId, lineId, body),
    deleteLine: (clientId: number, lineId: number) => deleteLine(deps, clientId, lineId),
    quote: (clientId: number, body: { modification: number; quantity: number }) =>
      quoteLine(deps, clientId, body),
    brands: (clientId: number) => listBrands(deps, clientId),
    catalogue: (clientId: number, query: { search?: string; brand?: number; page: number }) =>
      getCatalogue(deps, clientId, query),
    card: (clientId: number, modificationId: number) => getCard(deps, clientId, modificationId),
    /** Sends the list under `key` (sendLines: in order, each line once, answered as it was). */
    send: (clientId: number, key: string): Promise<Answer<TPreparedListSent>> =>
      withStanding(deps, clientId, (on, s) =>
        sendLines({ on, clock, ordering, clientId, key, market: s.market, view: s.view, source: "list" }),
      ),
    paste: (clientId: number, text: string) => matchPaste(deps, clientId, text),
    pasteAlternatives: (clientId: number, query: { search: string; quantity: number; page: number }) =>
      findPasteAlternatives(deps, clientId, query),
    applyPaste: (clientId: number, body: TPasteApply) => applyPaste(deps, clientId, body),
    pastOrders: (clientId: number) => listPastOrders(deps, clientId),
    repeat: (clientId: number, orderId: number, key: string) => repeatOrder(deps, clientId, orderId, key),
  };
}
