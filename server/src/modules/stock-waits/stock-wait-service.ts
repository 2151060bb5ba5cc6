import type { Db } from "../../db/client.ts";
import { rolledBack } from "../../db/rolled-back.ts";
import type { Clock } from "../../lib/clock.ts";
import type { OrderingService } from "../ordering/index.ts";
import { askWait } from "./ask-wait.ts";
import type { WaitCalls } from "./calls.ts";
import { cancelWait } from "./cancel-wait.ts";
import { listWaits } from "./list-waits.ts";

export type StockWaitService = ReturnType<typeof createStockWaitService>;

/**
 * A client's waits for sold-out modifications («Сообщить о поступлении», «Мои ожидания»), for the Mini App and
 * the bot: what the client sees and what is in stock for them is the ordering service's judgement. With
 * `dryRun` (a staff preview) the answers are real and nothing is kept.
 */
export function createStockWaitService({
  db,
  clock,
  ordering,
  dryRun = false,
}: {
  db: Db;
  clock: Clock;
  ordering: OrderingService;
  dryRun?: boolean;
}) {
  const calls: WaitCalls = {
    db,
    clock,
    ordering: () => ordering.on({ db, readOnce: true }),
    write: (work) => (dryRun ? rolledBack(db, work) : work(db)),
  };
  return {
    ask: (clientId: number, modificationId: number) => askWait(calls, clientId, modificationId),
    list: (clientId: number) => listWaits(calls, clientId),
    cancel: (clientId: number, waitId: number) => cancelWait(calls, clientId, waitId),
  };
}
