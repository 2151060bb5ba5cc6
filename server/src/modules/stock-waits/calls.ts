import type { TError, TMiniAppRefusal } from "@wholesale/contract";
import type { Db } from "../../db/client.ts";
import type { Clock } from "../../lib/clock.ts";
import { type Answer, refused } from "../miniapp/index.ts";
import type { OrderingService } from "../ordering/index.ts";

/**
 * What every operation of a client's waits is given: the database, the clock, the ordering service read once
 * for the request, and the way a change is written (`write`: kept, or for a staff preview's dry run rolled back).
 */
export type WaitCalls = {
  db: Db;
  clock: Clock;
  ordering: () => OrderingService;
  write: <T>(work: (on: Db) => Promise<T>) => Promise<T>;
};

/** A client call's answer: the value, the ordering service's refusal, or the error model (an ask of an item in stock). */
export type WaitAnswer<T> = Answer<T, TMiniAppRefusal | TError>;

/** The client may use the market at all (banned, deactivated or deleted since the token: no, as every client call). */
export async function refusedStanding(
  ordering: OrderingService,
  clientId: number,
): Promise<WaitAnswer<never> | null> {
  const found = await ordering.standing(clientId);
  return found.ok ? null : refused({ code: "client_not_allowed", message: found.message });
}
