import type { TSendToCollect } from "@wholesale/contract";
import type { Db } from "../../db/client.ts";
import type { Clock } from "../../lib/clock.ts";
import { collectOrder } from "./collection/collect-order.ts";
import { getCollection } from "./collection/get-collection.ts";
import { listUncollectedTransportations } from "./collection/list-uncollected-transportations.ts";
import { markPosition } from "./collection/mark-position.ts";
import { previewSendToCollect } from "./collection/preview-send-to-collect.ts";
import { sendToCollect } from "./collection/send-to-collect.ts";

export type CollectionService = ReturnType<typeof createCollectionService>;

/** The storehouse's collection: positions sent to collect, ticked collected, and what is still to do. */
export function createCollectionService(deps: { db: Db; clock: Clock }) {
  return {
    sendToCollect: (request: TSendToCollect) => sendToCollect(deps, request),
    previewSendToCollect: (request: TSendToCollect) => previewSendToCollect(deps, request),
    uncollectedTransportations: () => listUncollectedTransportations(deps),
    collection: () => getCollection(deps),
    markPosition: (id: number, collected: boolean, accountId: number) =>
      markPosition(deps, id, collected, accountId),
    collectOrder: (orderId: number, accountId: number) => collectOrder(deps, orderId, accountId),
  };
}
