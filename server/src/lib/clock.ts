/** The source of "now" for every rule that depends on time; tests pass a fixed or movable one. */
export type Clock = { now: () => Date };

export const systemClock: Clock = { now: () => new Date() };

/** A clock that stands still until moved: for tests of expiry, "today" and schedules. */
export function fixedClock(
  start: Date | string,
): Clock & { set: (d: Date | string) => void; advance: (ms: number) => void } {
  let current = new Date(start);
  return {
    now: () => new Date(current),
    set: (d) => {
      current = new Date(d);
    },
    advance: (ms) => {
      current = new Date(current.getTime() + ms);
    },
  };
}
