import type { Db } from "../../db/client.ts";
import type { OrderingService } from "../ordering/index.ts";

/** The ordering service of one request, reading the client once, on `on` (by default the database). */
export type RequestOrdering = (on?: Db) => OrderingService;

/**
 * A change: on the database, or, for a staff preview in dry run (the bot preview's rule), in a transaction
 * that is always rolled back, so the answer is real and nothing is kept.
 */
export type Write = <T>(work: (on: Db) => Promise<T>) => Promise<T>;

/** The client may use the catalogue at all (banned, deactivated or deleted since the token: no). */
export async function standing(ordering: RequestOrdering, clientId: number) {
  const service = ordering();
  const found = await service.standing(clientId);
  return { service, found };
}
