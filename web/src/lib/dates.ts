import dayjs from "dayjs";
import timezone from "dayjs/plugin/timezone";
import utc from "dayjs/plugin/utc";

dayjs.extend(utc);
dayjs.extend(timezone);

/** Staff work on Moscow time wherever their browser thinks it is. */
export const BUSINESS_TIME_ZONE = "Europe/Moscow";
const inBusinessTime = (iso: string) => dayjs(iso).tz(BUSINESS_TIME_ZONE);

/** A moment as staff read it: 21.11.2026 14:05 (Russian order). */
export const formatDateTime = (iso: string | null | undefined): string =>
  iso ? inBusinessTime(iso).format("DD.MM.YYYY HH:mm") : "—";

/** A moment's time of day to the second, as staff read it: 10:00:05. */
export const formatClockTime = (iso: string): string => inBusinessTime(iso).format("HH:mm:ss");

/** A moment to the second, with its day (21.11 10:00:05) unless it is today in Moscow. */
export const formatRecentMoment = (iso: string): string => {
  const moment = inBusinessTime(iso);
  return moment.format("YYYY-MM-DD") === todayInMoscow()
    ? moment.format("HH:mm:ss")
    : moment.format("DD.MM HH:mm:ss");
};

/** A span of whole seconds as a stopwatch shows it: 00:07, 12:30, 1:02:03. */
export function formatStopwatch(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  const two = (n: number) => String(n).padStart(2, "0");
  const [h, m, s] = [Math.floor(whole / 3600), Math.floor((whole % 3600) / 60), whole % 60];
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${two(m)}:${two(s)}`;
}

/** The activity log's format, per spec: YYYY-MM-DD HH:mm:ss. */
export const formatLogTimestamp = (iso: string): string => inBusinessTime(iso).format("YYYY-MM-DD HH:mm:ss");

/** A calendar day (YYYY-MM-DD) in the Russian locale: 21.11.2026. */
export const russianDate = (day: string) => dayjs(day).format("DD.MM.YYYY");

/** A calendar day on a chart's axis or beside a figure: 21.11. */
export const dayAndMonth = (day: string) => dayjs(day).format("DD.MM");

/** Today in Moscow, as a date input's value (YYYY-MM-DD). */
export const todayInMoscow = () => dayjs().tz(BUSINESS_TIME_ZONE).format("YYYY-MM-DD");

/** The Moscow day `days` before today, as a date input's value. */
export const daysAgoInMoscow = (days: number) =>
  dayjs().tz(BUSINESS_TIME_ZONE).subtract(days, "day").format("YYYY-MM-DD");
