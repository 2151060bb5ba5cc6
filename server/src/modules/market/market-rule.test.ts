import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { businessTime } from "../../lib/business-time.ts";
import {
  intervalContains,
  isMarketOpenFor,
  isScheduleOpenAt,
  type MarketClient,
  type MarketInterval,
  type MarketSchedule,
  type MarketTargeting,
  marketStateAt,
  moscowSecondsOfDay,
  scheduleTargets,
  scheduleTimes,
  secondsOfDay,
} from "./market-rule.ts";

const NO_TARGETING: MarketTargeting = { clientTypes: [], groupIds: [], transportationIds: [], clientIds: [] };
const hm = (h: number, m = 0) => h * 3600 + m * 60;
/** A moment given as Moscow wall-clock time (Moscow is UTC+3 all year). */
const msk = (iso: string) => new Date(`${iso}+03:00`);

function schedule(overrides: Partial<MarketSchedule> = {}): MarketSchedule {
  return {
    id: 1,
    name: "Расписание",
    isActive: true,
    isManuallyOpened: false,
    closeTime: null,
    closedUntil: null,
    intervals: [],
    targeting: NO_TARGETING,
    ...overrides,
  };
}
const client: MarketClient = { id: 10, clientType: 3, groupId: 5, transportationId: 7 };

/** The reference model of Moscow time of day: UTC plus three hours, whole seconds. */
const referenceSeconds = (at: Date) => Math.floor(at.getTime() / 1000 + 3 * 3600) % 86_400;

describe("intervals: start inclusive, end exclusive, wrapping past midnight", () => {
  const day = schedule({ intervals: [{ startSeconds: hm(9), endSeconds: hm(18), isActive: true }] });
  const night = schedule({ intervals: [{ startSeconds: hm(22), endSeconds: hm(2), isActive: true }] });

  it.each([
    ["2026-11-20T08:59:59", false],
    ["2026-11-20T09:00:00", true],
    ["2026-11-20T17:59:59", true],
    ["2026-11-20T18:00:00", false],
  ])("09:00-18:00 at %s Moscow: %s", (at, open) => {
    expect(isScheduleOpenAt(day, msk(at))).toBe(open);
  });

  it.each([
    ["2026-11-20T21:59:59", false],
    ["2026-11-20T22:00:00", true],
    ["2026-11-20T23:59:59", true],
    ["2026-11-21T00:00:00", true],
    ["2026-11-21T01:59:59", true],
    ["2026-11-21T02:00:00", false],
    ["2026-11-21T12:00:00", false],
  ])("22:00-02:00 at %s Moscow: %s", (at, open) => {
    expect(isScheduleOpenAt(night, msk(at))).toBe(open);
  });

  it("uses Moscow time whatever the UTC date: 23:30 UTC is 02:30 in Moscow", () => {
    expect(isScheduleOpenAt(night, new Date("2026-11-20T22:30:00Z"))).toBe(true);
    expect(isScheduleOpenAt(night, new Date("2026-11-20T23:30:00Z"))).toBe(false);
  });

  it("an interval of zero length is never open; an inactive interval or schedule never counts", () => {
    const at = msk("2026-11-20T10:00:00");
    expect(
      isScheduleOpenAt(
        schedule({ intervals: [{ startSeconds: hm(10), endSeconds: hm(10), isActive: true }] }),
        at,
      ),
    ).toBe(false);
    expect(
      isScheduleOpenAt(
        schedule({ intervals: [{ startSeconds: hm(9), endSeconds: hm(18), isActive: false }] }),
        at,
      ),
    ).toBe(false);
    expect(isScheduleOpenAt({ ...day, isActive: false }, at)).toBe(false);
    expect(isScheduleOpenAt({ ...day, isActive: false, isManuallyOpened: true }, at)).toBe(false);
  });

  it("a manual opening is open until its close time (exclusive), and a manual close holds the intervals shut", () => {
    const opened = schedule({ isManuallyOpened: true, closeTime: msk("2026-11-20T20:00:00") });
    expect(isScheduleOpenAt(opened, msk("2026-11-20T19:59:59"))).toBe(true);
    expect(isScheduleOpenAt(opened, msk("2026-11-20T20:00:00"))).toBe(false);
    expect(isScheduleOpenAt({ ...opened, closeTime: null }, msk("2030-01-01T03:00:00"))).toBe(true);
    const closed = { ...day, closedUntil: msk("2026-11-20T18:00:00") };
    expect(isScheduleOpenAt(closed, msk("2026-11-20T12:00:00"))).toBe(false);
    expect(isScheduleOpenAt(closed, msk("2026-11-21T09:00:00"))).toBe(true);
  });
});

describe("targeting", () => {
  it("an empty targeting applies to every client; otherwise any matching entry does", () => {
    expect(scheduleTargets(schedule(), client)).toBe(true);
    const t = (targeting: Partial<MarketTargeting>) =>
      scheduleTargets(schedule({ targeting: { ...NO_TARGETING, ...targeting } }), client);
    expect(t({ clientTypes: [3] })).toBe(true);
    expect(t({ clientTypes: [2] })).toBe(false);
    expect(t({ groupIds: [5] })).toBe(true);
    expect(t({ groupIds: [6] })).toBe(false);
    expect(t({ transportationIds: [7] })).toBe(true);
    expect(t({ clientIds: [10] })).toBe(true);
    expect(t({ clientIds: [11], clientTypes: [2], groupIds: [6] })).toBe(false);
    expect(
      scheduleTargets(schedule({ targeting: { ...NO_TARGETING, clientTypes: [3] } }), {
        ...client,
        clientType: null,
      }),
    ).toBe(false);
  });
});

const arbSeconds = fc.integer({ min: 0, max: 24 * 60 - 1 }).map((m) => m * 60);
const arbInterval: fc.Arbitrary<MarketInterval> = fc.record({
  startSeconds: arbSeconds,
  endSeconds: arbSeconds,
  isActive: fc.boolean(),
});
const arbIds = fc.uniqueArray(fc.integer({ min: 1, max: 6 }), { maxLength: 3 });
const arbTargeting: fc.Arbitrary<MarketTargeting> = fc.record({
  clientTypes: fc.subarray([2, 3]),
  groupIds: arbIds,
  transportationIds: arbIds,
  clientIds: arbIds,
});
const arbMoment = fc
  .integer({ min: Date.UTC(2024, 0, 1), max: Date.UTC(2030, 0, 1) })
  .map((ms) => new Date(ms - (ms % 1000)));
const arbSchedule: fc.Arbitrary<MarketSchedule> = fc.record({
  id: fc.nat(),
  name: fc.constantFrom("А", "Б", "В"),
  isActive: fc.boolean(),
  isManuallyOpened: fc.boolean(),
  closeTime: fc.option(arbMoment, { nil: null }),
  closedUntil: fc.option(arbMoment, { nil: null }),
  intervals: fc.array(arbInterval, { maxLength: 3 }),
  targeting: arbTargeting,
});
const arbClient: fc.Arbitrary<MarketClient> = fc.record({
  id: fc.integer({ min: 1, max: 6 }),
  clientType: fc.constantFrom(2, 3, null),
  groupId: fc.option(fc.integer({ min: 1, max: 6 }), { nil: null }),
  transportationId: fc.option(fc.integer({ min: 1, max: 6 }), { nil: null }),
});

describe("properties", () => {
  it("Moscow's time of day is what Intl says for Europe/Moscow", () => {
    fc.assert(
      fc.property(arbMoment, (at) => {
        expect(moscowSecondsOfDay(at)).toBe(secondsOfDay(businessTime(at)));
      }),
    );
  });

  it("an interval contains a time exactly as the reference model says, wrapped or not", () => {
    fc.assert(
      fc.property(arbSeconds, arbSeconds, fc.integer({ min: 0, max: 86_399 }), (start, end, t) => {
        const expected = start < end ? start <= t && t < end : start > end ? t >= start || t < end : false;
        expect(intervalContains({ startSeconds: start, endSeconds: end }, t)).toBe(expected);
        // A wrapped interval is exactly the complement of the plain one with the ends swapped.
        if (start !== end) {
          expect(intervalContains({ startSeconds: end, endSeconds: start }, t)).toBe(!expected);
        }
      }),
    );
  });

  it("a schedule without a manual opening is open exactly when an active interval holds Moscow's time of day", () => {
    fc.assert(
      fc.property(fc.array(arbInterval, { maxLength: 4 }), arbMoment, (intervals, at) => {
        const s = schedule({ intervals });
        const t = referenceSeconds(at);
        expect(isScheduleOpenAt(s, at)).toBe(intervals.some((i) => i.isActive && intervalContains(i, t)));
      }),
    );
  });

  it("the market is open for a client exactly when an active, targeting schedule is open", () => {
    fc.assert(
      fc.property(fc.array(arbSchedule, { maxLength: 4 }), arbClient, arbMoment, (schedules, c, at) => {
        const expected = schedules.some((s) => {
          if (!s.isActive) return false;
          const t = s.targeting;
          const targeted =
            t.clientTypes.length + t.groupIds.length + t.transportationIds.length + t.clientIds.length ===
              0 ||
            (c.clientType !== null && t.clientTypes.includes(c.clientType)) ||
            (c.groupId !== null && t.groupIds.includes(c.groupId)) ||
            (c.transportationId !== null && t.transportationIds.includes(c.transportationId)) ||
            t.clientIds.includes(c.id);
          const manual = s.isManuallyOpened && (s.closeTime === null || at < s.closeTime);
          const heldShut = s.closedUntil !== null && at < s.closedUntil;
          const inInterval = s.intervals.some((i) => i.isActive && intervalContains(i, referenceSeconds(at)));
          return targeted && (manual || (!heldShut && inInterval));
        });
        expect(isMarketOpenFor(schedules, c, at)).toBe(expected);
        expect(marketStateAt(schedules, c, at).open).toBe(expected);
      }),
    );
  });

  it("widening a non-empty targeting never shuts a client out", () => {
    fc.assert(
      fc.property(arbSchedule, arbTargeting, arbClient, arbMoment, (s, more, c, at) => {
        fc.pre(
          s.targeting.clientTypes.length +
            s.targeting.groupIds.length +
            s.targeting.transportationIds.length +
            s.targeting.clientIds.length >
            0,
        );
        const wider = {
          ...s,
          targeting: {
            clientTypes: [...s.targeting.clientTypes, ...more.clientTypes],
            groupIds: [...s.targeting.groupIds, ...more.groupIds],
            transportationIds: [...s.targeting.transportationIds, ...more.transportationIds],
            clientIds: [...s.targeting.clientIds, ...more.clientIds],
          },
        };
        if (isMarketOpenFor([s], c, at)) expect(isMarketOpenFor([wider], c, at)).toBe(true);
      }),
    );
  });

  it("openUntil and nextOpenAt are the exact next change: the state holds until then and flips there", () => {
    fc.assert(
      fc.property(
        fc.array(arbSchedule, { maxLength: 3 }),
        arbClient,
        arbMoment,
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 5 }),
        (schedules, c, now, samples) => {
          const state = marketStateAt(schedules, c, now);
          const openAt = (at: Date) => isMarketOpenFor(schedules, c, at);
          const change = state.open ? state.openUntil : state.nextOpenAt;
          if (state.open) expect(state.nextOpenAt).toBeNull();
          else expect(state.openUntil).toBeNull();
          if (change === null) return;
          expect(change.getTime()).toBeGreaterThan(now.getTime());
          expect(openAt(change)).toBe(!state.open);
          expect(openAt(new Date(change.getTime() - 1))).toBe(state.open);
          const span = change.getTime() - now.getTime();
          for (const f of samples)
            expect(openAt(new Date(now.getTime() + Math.floor(f * (span - 1))))).toBe(state.open);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("a closed market with an active interval for the client opens within a day", () => {
    fc.assert(
      fc.property(arbInterval, arbClient, arbMoment, (interval, c, now) => {
        fc.pre(interval.isActive && interval.startSeconds !== interval.endSeconds);
        const s = schedule({ intervals: [interval] });
        const state = marketStateAt([s], c, now);
        const change = state.open ? state.openUntil : state.nextOpenAt;
        expect(change).not.toBeNull();
        expect((change?.getTime() ?? 0) - now.getTime()).toBeLessThanOrEqual(86_400_000);
      }),
    );
  });
});

describe("marketStateAt and scheduleTimes", () => {
  const s = schedule({
    name: "День",
    intervals: [
      { startSeconds: hm(9), endSeconds: hm(13), isActive: true },
      { startSeconds: hm(13), endSeconds: hm(18), isActive: true },
      { startSeconds: hm(20), endSeconds: hm(1), isActive: true },
    ],
  });

  it("joins adjacent intervals and finds the opening across midnight", () => {
    expect(marketStateAt([s], client, msk("2026-11-20T10:00:00"))).toEqual({
      open: true,
      openUntil: msk("2026-11-20T18:00:00"),
      nextOpenAt: null,
      scheduleNames: ["День"],
    });
    expect(marketStateAt([s], client, msk("2026-11-21T00:30:00")).openUntil).toEqual(
      msk("2026-11-21T01:00:00"),
    );
    expect(marketStateAt([s], client, msk("2026-11-21T01:00:00"))).toEqual({
      open: false,
      openUntil: null,
      nextOpenAt: msk("2026-11-21T09:00:00"),
      scheduleNames: [],
    });
  });

  it("an open-ended manual opening has no known end; a schedule without intervals never opens", () => {
    const manual = schedule({ name: "Вручную", isManuallyOpened: true });
    expect(marketStateAt([manual], client, msk("2026-11-20T10:00:00")).openUntil).toBeNull();
    expect(marketStateAt([schedule()], client, msk("2026-11-20T10:00:00")).nextOpenAt).toBeNull();
  });

  it("a manual opening that closes itself weeks ahead has that end, and the intervals take over after it", () => {
    const far = msk("2026-12-20T15:00:00");
    const manual = { ...s, name: "Вручную", isManuallyOpened: true, closeTime: far };
    // At 15:00 on 20 December the 13:00-18:00 interval keeps it open: it closes at 18:00, opens at 20:00.
    expect(marketStateAt([manual], client, msk("2026-11-20T19:00:00")).openUntil).toEqual(
      msk("2026-12-20T18:00:00"),
    );
    expect(scheduleTimes(manual, msk("2026-11-20T19:00:00"))).toEqual({
      open: true,
      nextCloseAt: msk("2026-12-20T18:00:00"),
      nextOpenAt: msk("2026-12-20T20:00:00"),
    });
    const alone = schedule({ isManuallyOpened: true, closeTime: far });
    expect(scheduleTimes(alone, msk("2026-11-20T19:00:00"))).toEqual({
      open: true,
      nextCloseAt: far,
      nextOpenAt: null,
    });
  });

  it("a schedule targeting others does not open the market for this client, but does overall", () => {
    const others = { ...s, targeting: { ...NO_TARGETING, clientTypes: [2] } };
    expect(marketStateAt([others], client, msk("2026-11-20T10:00:00")).open).toBe(false);
    expect(marketStateAt([others], null, msk("2026-11-20T10:00:00")).scheduleNames).toEqual(["День"]);
  });

  it("gives each schedule's next opening and closing", () => {
    expect(scheduleTimes(s, msk("2026-11-20T10:00:00"))).toEqual({
      open: true,
      nextCloseAt: msk("2026-11-20T18:00:00"),
      nextOpenAt: msk("2026-11-20T20:00:00"),
    });
    expect(scheduleTimes(s, msk("2026-11-20T19:00:00"))).toEqual({
      open: false,
      nextOpenAt: msk("2026-11-20T20:00:00"),
      nextCloseAt: msk("2026-11-21T01:00:00"),
    });
  });
});
