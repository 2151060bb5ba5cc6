/**
 * One button family: `pack` builds its callback data and `unpack` reads it back, from the same field list,
 * so a button and its handler cannot drift apart. Values are whole numbers (ids, pages, quantities): the
 * data stays well under Telegram's 64 bytes.
 */
export function callbackData<const F extends readonly string[]>(prefix: string, fields: F) {
  type Values = { [K in F[number]]: number };
  const filter = new RegExp(`^${prefix}(:-?\\d+){${fields.length}}$`);
  return {
    filter,
    pack(values: Values): string {
      return [prefix, ...fields.map((f) => String(values[f as F[number]]))].join(":");
    },
    unpack(data: string): Values {
      const parts = data.split(":").slice(1).map(Number);
      return Object.fromEntries(fields.map((f, i) => [f, parts[i] ?? 0])) as Values;
    },
  };
}
