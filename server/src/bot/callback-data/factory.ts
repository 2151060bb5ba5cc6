import { CALLBACK_DATA_MAX_BYTES } from "@wholesale/contract";
import type { Filter, Middleware } from "grammy";
import { MAX_QUANTITY } from "../../modules/ordering/index.ts";
import type { BotContext } from "../context.ts";

/** The whole numbers a field may hold, both ends included; a `nullable` field may hold none (packed empty). */
export type Range = { readonly min: number; readonly max: number; readonly nullable?: true };

/** A row id: PostgreSQL's `integer`, so a forged id never reaches the database as an out-of-range value. */
export const ID: Range = { min: 1, max: 2_147_483_647 };
/** A product's id, or 0 for the search results (callback-data/catalogue.ts). */
export const PRODUCT_OR_SEARCH: Range = { min: 0, max: ID.max };
export const PAGE: Range = { min: 1, max: 100_000 };
export const QUANTITY: Range = { min: 1, max: MAX_QUANTITY };
/**
 * The unit price a confirm screen showed, in kopecks (hundredths of any currency), up to what a `numeric(14,2)`
 * column holds; none when the client may not see prices (they confirm the quantity alone).
 */
export const SHOWN_KOPECKS = { min: 0, max: 99_999_999_999_999, nullable: true } as const satisfies Range;

export type CallbackData<V> = {
  pack(values: V): string;
  /** The values of `data` when it is this family's with every number in its range; null otherwise. */
  unpack(data: string): V | null;
};

/**
 * One button family: `pack` builds its callback data and `unpack` reads it back, from the same field list,
 * so a button and its handler cannot drift apart. Values are whole numbers within each field's range (ids,
 * pages, quantities, prices in kopecks), and forged or stale data with a number out of range is no button at
 * all. A family whose longest data (every field at its maximum) could pass Telegram's 64 bytes is refused where
 * it is defined, so no button of it can ever be.
 */
export function callbackData<const F extends Record<string, Range>>(
  prefix: string,
  fields: F,
): CallbackData<{ [K in keyof F]: F[K] extends { nullable: true } ? number | null : number }> {
  type Values = { [K in keyof F]: F[K] extends { nullable: true } ? number | null : number };
  const ranges = Object.entries(fields) as [keyof F & string, Range][];
  const names = ranges.map(([name]) => name);
  const longest = [prefix, ...ranges.map(([, range]) => String(range.max))].join(":");
  const bytes = Buffer.byteLength(longest, "utf8");
  if (bytes > CALLBACK_DATA_MAX_BYTES)
    throw new Error(
      `callback data «${prefix}» may reach ${bytes} bytes, over Telegram's ${CALLBACK_DATA_MAX_BYTES}`,
    );
  return {
    pack(values) {
      return [prefix, ...names.map((name) => String(values[name] ?? ""))].join(":");
    },
    unpack(data) {
      const parts = data.split(":");
      if (parts[0] !== prefix || parts.length !== names.length + 1) return null;
      const values: Partial<Values> = {};
      for (const [i, [name, range]] of ranges.entries()) {
        const part = parts[i + 1] ?? "";
        if (part === "" && range.nullable) {
          values[name] = null as Values[typeof name];
          continue;
        }
        if (!/^\d{1,15}$/.test(part)) return null;
        const value = Number(part);
        if (value < range.min || value > range.max) return null;
        values[name] = value as Values[typeof name];
      }
      return values as Values;
    },
  };
}

export type PressContext = Filter<BotContext, "callback_query:data">;

/** Whether the update is a press of a button of any of `families`. */
export const isPressOf =
  (...families: CallbackData<unknown>[]) =>
  (ctx: BotContext): boolean =>
    ctx.has("callback_query:data") && families.some((f) => f.unpack(ctx.callbackQuery.data) !== null);

/**
 * The handler of one button family, given the values its data holds. Any other press goes on to the next
 * handler, and in the end to the fallback, which answers a forged or stale press quietly.
 */
export function onPress<V>(
  family: CallbackData<V>,
  handler: (ctx: PressContext, values: V) => Promise<unknown>,
): Middleware<BotContext> {
  return async (ctx, next) => {
    if (!ctx.has("callback_query:data")) return next();
    const values = family.unpack(ctx.callbackQuery.data);
    if (values === null) return next();
    await handler(ctx, values);
  };
}
