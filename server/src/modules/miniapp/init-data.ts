import { timingSafeEqual } from "node:crypto";
import { parse, signData } from "@telegram-apps/init-data-node";

/** How long signed launch data opens sessions: Telegram's own default for init data, one day. */
export const INIT_DATA_MAX_AGE_SECONDS = 24 * 60 * 60;
/** A little clock skew between Telegram and us is not an attack: launch data dated up to a minute ahead passes. */
const FUTURE_SKEW_SECONDS = 60;

export type LaunchUser = { telegramId: number; username: string | null };

/**
 * The Telegram user of genuine, fresh Mini App launch data, or null for anything else: no hash, a hash that
 * is not the bot's (tampered data, another bot's token), a repeated key, no or a bad auth_date, one older
 * than a day, or no user. The HMAC (the key derived from the bot token as Telegram's Mini App docs say) is
 * the library's `signData`; the hashes are compared in constant time here, since the library compares with
 * `!==`, and the age is judged on our clock, which tests control.
 */
export function verifyInitData(initData: string, botToken: string, now: Date): LaunchUser | null {
  const params = new URLSearchParams(initData);
  const pairs: string[] = [];
  const seen = new Set<string>();
  let hash: string | undefined;
  for (const [key, value] of params) {
    if (seen.has(key)) return null;
    seen.add(key);
    if (key === "hash") hash = value;
    else pairs.push(`${key}=${value}`);
  }
  if (!hash || !/^[0-9a-f]{64}$/.test(hash)) return null;
  const expected = Buffer.from(signData(pairs.sort().join("\n"), botToken), "hex");
  const given = Buffer.from(hash, "hex");
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;

  const data = parsed(params);
  if (!data) return null;
  const age = (now.getTime() - data.auth_date.getTime()) / 1000;
  if (!Number.isFinite(age) || age > INIT_DATA_MAX_AGE_SECONDS || age < -FUTURE_SKEW_SECONDS) return null;
  const user = data.user;
  if (!user || !Number.isSafeInteger(user.id) || user.id <= 0) return null;
  return { telegramId: user.id, username: user.username ?? null };
}

/** The library's reading of signed data (dates and the user's JSON); null when it does not hold its shape. */
function parsed(params: URLSearchParams) {
  try {
    return parse(params);
  } catch {
    return null;
  }
}
