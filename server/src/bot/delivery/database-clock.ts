import type { Db } from "../../db/client.ts";
import { databaseNow } from "../../modules/outbox/index.ts";

/** A fresh measurement is taken when the best one is older than this. */
const REMEASURE_MS = 5_000;
/** How much worse (in round-trip ms) a newer measurement may be per second of the best one's age: clocks drift. */
const AGEING_PER_SECOND = 1;

export type DatabaseClock = {
  /** Notes the database's time read in an answer sent at `sentAt` and heard at `heardAt` (this process's time). */
  observe: (databaseTime: number, sentAt: number, heardAt: number) => void;
  /** Measures again when the best measurement has grown old (one query of the time). */
  refresh: () => Promise<void>;
  /** A moment of the database's clock on this process's clock. */
  toLocal: (databaseTime: number) => number;
};

/**
 * Every instance sends on slots the database hands out in its own time, and places them on its own clock.
 * Placed by when the answer is heard, a slot moves by however late that answer is (a busy event loop, a slow
 * network): 200 ms late, an instance sent its batch 200 ms after the database meant, into the next instance's
 * slots, and together they went 20 % over the rate. Placed by the offset between the two clocks instead,
 * measured on the fastest round trip (the time read is then known within half of it), every instance puts a
 * slot at the same moment, however late it hears of it.
 */
export function createDatabaseClock(db: Db): DatabaseClock {
  let best: { offset: number; roundTrip: number; at: number } | undefined;

  function observe(databaseTime: number, sentAt: number, heardAt: number): void {
    const roundTrip = heardAt - sentAt;
    const aged = best ? best.roundTrip + ((heardAt - best.at) / 1000) * AGEING_PER_SECOND : 0;
    if (best && roundTrip > aged) return;
    best = { offset: databaseTime - (sentAt + heardAt) / 2, roundTrip, at: heardAt };
  }

  return {
    observe,
    async refresh() {
      if (best && Date.now() - best.at < REMEASURE_MS) return;
      const sentAt = Date.now();
      const time = await databaseNow(db);
      observe(time, sentAt, Date.now());
    },
    toLocal: (databaseTime) => databaseTime - (best?.offset ?? 0),
  };
}
