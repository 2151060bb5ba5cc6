/** The business runs on Moscow time: "today", market hours and order days are Moscow's. */
export const BUSINESS_TIME_ZONE = "Europe/Moscow";

const dayFormat = new Intl.DateTimeFormat("en-CA", {
  timeZone: BUSINESS_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

const timeFormat = new Intl.DateTimeFormat("en-GB", {
  timeZone: BUSINESS_TIME_ZONE,
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

/** The business day (YYYY-MM-DD) a moment falls on. */
export function businessDay(at: Date): string {
  return dayFormat.format(at);
}

/** The business wall-clock time (HH:MM:SS) of a moment. */
export function businessTime(at: Date): string {
  return timeFormat.format(at);
}

/** The business day `days` after (or before, if negative) the given one. */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The moment a business day starts: midnight in Moscow. */
export function startOfBusinessDay(day: string): Date {
  // Moscow has kept UTC+3 all year since 2014; the offset is checked, not assumed, in the tests.
  return new Date(`${day}T00:00:00+03:00`);
}
