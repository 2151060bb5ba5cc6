import type { CountAttempt, OrderingAction } from "../../lib/metrics.ts";
import { LineAlreadyApplied, type OrderingService, type Refusal } from "./types.ts";

/**
 * The service with its adds, changes and removals counted by outcome (accepted, or refused with the refusal's
 * code): the one place where the bot's and the Mini App's attempts are counted, each caller saying its path.
 * A call that throws (a lost database, an update another delivery carried out) is not an outcome to count.
 */
export function countingAttempts(service: OrderingService, count: CountAttempt): OrderingService {
  const counted = <R extends { ok: true } | Refusal>(action: OrderingAction, result: R): R => {
    count(action, result.ok ? null : result.code);
    return result;
  };
  return {
    ...service,
    addPosition: async (...args) => counted("add", await service.addPosition(...args)),
    addAvailable: async (...args) => counted("add", await service.addAvailable(...args)),
    addPositions: async (...args) => {
      const done = await service.addPositions(...args);
      // Refused whole, each line was an attempt refused alike.
      if (!done.ok) {
        for (const _ of args[1]) count("add", done.code);
        return done;
      }
      for (const line of done.lines) if (!(line instanceof LineAlreadyApplied)) counted("add", line);
      return done;
    },
    changePosition: async (...args) => counted("change", await service.changePosition(...args)),
    removePosition: async (...args) => counted("remove", await service.removePosition(...args)),
  };
}

/** One count that tells each of `counts` (the metrics, the market's pulse); undefined when none is given. */
export function countEach(...counts: (CountAttempt | undefined)[]): CountAttempt | undefined {
  const given = counts.filter((count) => count !== undefined);
  if (given.length === 0) return undefined;
  return (action, refusal) => {
    for (const count of given) count(action, refusal);
  };
}
