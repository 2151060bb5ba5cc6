export const INTERVAL_NOT_FOUND = "Временной интервал не найден";
export const ZERO_LENGTH =
  "Интервал не может быть нулевой длины: время начала совпадает со временем окончания";

/** "HH:MM" or "HH:MM:SS" as stored: HH:MM:SS. */
export const normalizeTime = (t: string) => (t.length === 5 ? `${t}:00` : t);
