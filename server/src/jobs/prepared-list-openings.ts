import type { Db } from "../db/client.ts";
import type { Clock } from "../lib/clock.ts";
import { announceListsAtOpening } from "../modules/prepared-list/index.ts";
import type { Job } from "./scheduler.ts";

export const PREPARED_LIST_OPENINGS_JOB = "prepared-list-openings";
/** As the market's notices: the «Отправить список» message goes at most this late after the opening. */
const CHECK_EVERY_MS = 15 * 1000;

export function preparedListOpeningsJob(deps: { db: Db; clock: Clock }): Job {
  return {
    name: PREPARED_LIST_OPENINGS_JOB,
    intervalMs: CHECK_EVERY_MS,
    run: async () => {
      await announceListsAtOpening(deps.db, deps.clock.now());
    },
  };
}
