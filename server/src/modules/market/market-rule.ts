import { addDays, businessDay, startOfBusinessDay } from "../../lib/business-time.ts";

/**
 * The one decision "is the market open for this client at this moment", used by the API, the web (through
 * the API), the bot and the notice jobs. Pure: the schedules come from market-schedules.ts. Rules (docs/back-office.md, «Market and bot texts»):
 * - a schedule applies to a client when its targeting names the client's type, group, direction or the
 *   client itself (any of them); a schedule with no targeting at all applies to every client;
 * - an active schedule is open while it is manually opened (until its `closeTime`, exclusive), or while the
 *   Moscow time of day falls in one of its active intervals: start inclusive, end exclusive, an end earlier
 *   than the start wrapping past midnight, an end equal to the start never open (the API refuses it);
 * - a manual close inside an interval keeps the intervals closed until `closedUntil`.
 */

export type MarketInterval = { startSeconds: number; endSeconds: number; isActive: boolean };

export type MarketTargeting = {
  clientTypes: readonly number[];
  groupIds: readonly number[];
  transportationIds: readonly number[];
  clientIds: readonly number[];
};

export type MarketSchedule = {
  id: number;
  name: string;
  isActive: boolean;
  isManuallyOpened: boolean;
  closeTime: Date | null;
  closedUntil: Date | null;
  intervals: readonly MarketInterval[];
  targeting: MarketTargeting;
};

export type MarketClient = {
  id: number;
  clientType: number | null;
  groupId: number | null;
  transportationId: number | null;
};

export type MarketState = {
  open: boolean;
  /** When open: the first moment it is closed again; null when no end is known (an open-ended manual opening). */
  openUntil: Date | null;
  /** When closed: the first moment it opens within the next week; null when nothing will open it. */
  nextOpenAt: Date | null;
  /** The schedules keeping it open now. */
  scheduleNames: string[];
};

/** The market for an unknown client, and before any schedule: closed, with nothing to say when it opens. */
export const CLOSED_MARKET: MarketState = {
  open: false,
  openUntil: null,
  nextOpenAt: null,
  scheduleNames: [],
};

/** How far ahead openUntil / nextOpenAt look: a week covers every daily interval. */
export const HORIZON_DAYS = 8;

/** Seconds since midnight of "HH:MM" or "HH:MM:SS". */
export function secondsOfDay(time: string): number {
  const [h = 0, m = 0, s = 0] = time.split(":").map(Number);
  return h * 3600 + m * 60 + s;
}

const MOSCOW_OFFSET_SECONDS = 3 * 3600;

/**
 * Seconds since Moscow midnight of a moment (whole seconds). Moscow keeps UTC+3 all year (as
 * `startOfBusinessDay` also relies on); plain arithmetic here, because the change-moment search calls this
 * hundreds of times per decision and `Intl` formatting costs ~25x more. A test checks it against `Intl`.
 */
export function moscowSecondsOfDay(at: Date): number {
  const seconds = Math.floor(at.getTime() / 1000) + MOSCOW_OFFSET_SECONDS;
  return ((seconds % 86_400) + 86_400) % 86_400;
}

export function intervalContains(
  interval: Pick<MarketInterval, "startSeconds" | "endSeconds">,
  seconds: number,
) {
  const { startSeconds: start, endSeconds: end } = interval;
  if (start < end) return seconds >= start && seconds < end;
  if (start > end) return seconds >= start || seconds < end;
  return false;
}

export function hasTargeting(t: MarketTargeting): boolean {
  return t.clientTypes.length + t.groupIds.length + t.transportationIds.length + t.clientIds.length > 0;
}

export function scheduleTargets(schedule: Pick<MarketSchedule, "targeting">, client: MarketClient): boolean {
  const t = schedule.targeting;
  if (!hasTargeting(t)) return true;
  return (
    (client.clientType !== null && t.clientTypes.includes(client.clientType)) ||
    (client.groupId !== null && t.groupIds.includes(client.groupId)) ||
    (client.transportationId !== null && t.transportationIds.includes(client.transportationId)) ||
    t.clientIds.includes(client.id)
  );
}

export function isManualOpeningOn(schedule: MarketSchedule, at: Date): boolean {
  return schedule.isManuallyOpened && (schedule.closeTime === null || at < schedule.closeTime);
}

export function isScheduleOpenAt(schedule: MarketSchedule, at: Date): boolean {
  if (!schedule.isActive) return false;
  if (isManualOpeningOn(schedule, at)) return true;
  if (schedule.closedUntil !== null && at < schedule.closedUntil) return false;
  const seconds = moscowSecondsOfDay(at);
  return schedule.intervals.some((i) => i.isActive && intervalContains(i, seconds));
}

/** The pure decision: is any active schedule that targets the client open at `at`. */
export function isMarketOpenFor(
  schedules: readonly MarketSchedule[],
  client: MarketClient,
  at: Date,
): boolean {
  return schedules.some((s) => scheduleTargets(s, client) && isScheduleOpenAt(s, at));
}

/** The moment of a time of day on a Moscow business day. */
export function momentOf(day: string, seconds: number): Date {
  return new Date(startOfBusinessDay(day).getTime() + seconds * 1000);
}

/**
 * Every moment after `from` (within the horizon) at which the schedules' state can change, ascending.
 * Between two of them nothing changes, so checking the state at each one finds the next change exactly.
 */
export function changeMoments(
  schedules: readonly MarketSchedule[],
  from: Date,
  horizonDays = HORIZON_DAYS,
): Date[] {
  const today = businessDay(from);
  const times = new Set<number>();
  // Only moments inside the horizon: beyond it the interval moments are not generated, so a far close
  // time alone would be taken for the first change.
  const until = from.getTime() + horizonDays * 86_400_000;
  const add = (d: Date | null) => {
    if (d !== null && d > from && d.getTime() <= until) times.add(d.getTime());
  };
  for (const s of schedules) {
    if (!s.isActive) continue;
    add(s.closeTime);
    add(s.closedUntil);
    for (const i of s.intervals) {
      if (!i.isActive || i.startSeconds === i.endSeconds) continue;
      for (let d = -1; d <= horizonDays; d++) {
        const day = addDays(today, d);
        add(momentOf(day, i.startSeconds));
        add(momentOf(day, i.endSeconds));
      }
    }
  }
  return [...times].sort((a, b) => a - b).map((t) => new Date(t));
}

/** The earliest manual close time or manual-close end of an active schedule after `after`, if any. */
function firstManualMomentAfter(schedules: readonly MarketSchedule[], after: Date): Date | null {
  let first: Date | null = null;
  for (const s of schedules) {
    if (!s.isActive) continue;
    for (const d of [s.closeTime, s.closedUntil]) {
      if (d !== null && d > after && (first === null || d < first)) first = d;
    }
  }
  return first;
}

/**
 * The first change moment after `from` at which `isOpen` equals `wanted`, or null. Daily intervals repeat
 * within the horizon, so past it only a manual moment (a close time set weeks ahead) can change anything:
 * the search goes on from there.
 */
export function nextMomentWhere(
  schedules: readonly MarketSchedule[],
  from: Date,
  isOpen: (at: Date) => boolean,
  wanted: boolean,
): Date | null {
  const found = changeMoments(schedules, from).find((at) => isOpen(at) === wanted);
  if (found) return found;
  const far = firstManualMomentAfter(schedules, new Date(from.getTime() + HORIZON_DAYS * 86_400_000));
  if (far === null) return null;
  if (isOpen(far) === wanted) return far;
  return changeMoments(schedules, far).find((at) => isOpen(at) === wanted) ?? null;
}

/** The market as one client sees it (or, with `client` null, as anyone: every schedule counts). */
export function marketStateAt(
  schedules: readonly MarketSchedule[],
  client: MarketClient | null,
  now: Date,
): MarketState {
  const relevant = client === null ? schedules : schedules.filter((s) => scheduleTargets(s, client));
  const isOpen = (at: Date) => relevant.some((s) => isScheduleOpenAt(s, at));
  const openNow = relevant.filter((s) => isScheduleOpenAt(s, now));
  const open = openNow.length > 0;
  return {
    open,
    openUntil: open ? nextMomentWhere(relevant, now, isOpen, false) : null,
    nextOpenAt: open ? null : nextMomentWhere(relevant, now, isOpen, true),
    scheduleNames: openNow.map((s) => s.name),
  };
}

/** One schedule on its own, whoever it targets: when it next opens and closes (for the settings page). */
export function scheduleTimes(schedule: MarketSchedule, now: Date) {
  const isOpen = (at: Date) => isScheduleOpenAt(schedule, at);
  const open = isOpen(now);
  const first = nextMomentWhere([schedule], now, isOpen, !open);
  const second = first && nextMomentWhere([schedule], first, isOpen, open);
  return open
    ? { open, nextCloseAt: first, nextOpenAt: second }
    : { open, nextOpenAt: first, nextCloseAt: second };
}
