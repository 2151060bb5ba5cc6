import { randomUUID, webcrypto } from "node:crypto";
import { errors, type JWTPayload, jwtVerify, SignJWT } from "jose";
import type { Clock } from "../lib/clock.ts";

export type TokenType = "access" | "refresh";
export type TokenClaims = { userId: number; version: number; type: TokenType };
/** A Mini App client's token: the client it speaks for and the Telegram user whose signed init data opened it. */
export type ClientTokenClaims = {
  clientId: number;
  telegramId: number;
  /** A staff preview of the Mini App (the bot preview's rule): every change it makes is rolled back. */
  dryRun?: boolean;
  /**
   * A dry-run preview's own session (the token's id: a preview's token is never renewed), under which what it
   * prepares between its calls is kept apart from the client's (the prepared list's preview_lists).
   */
  previewSession?: string;
};

const ACCESS_TTL_SECONDS = 30 * 60;
/** Client tokens are short-lived: the page asks for a new one with its init data (valid 24 h) when one ends. */
const CLIENT_TTL_SECONDS = 30 * 60;
/**
 * The audience of client tokens. Staff tokens carry none and are refused where one is required, and a token
 * with an audience is refused as a staff token: neither opens the other's routes, whatever their claims say.
 */
export const CLIENT_AUDIENCE = "miniapp";
const REFRESH_TTL_SECONDS = 7 * 24 * 60 * 60;
/** Tokens whose signature was checked, kept by their exact text; the oldest go first beyond this many. */
const VERIFIED_KEPT = 10_000;

export type TokenService = ReturnType<typeof createTokenService>;

/**
 * HS256 JSON Web Tokens shaped like djangorestframework-simplejwt's (`token_type`, `user_id`, `jti`).
 * `ver` is the account's token version: bumping it revokes every token issued before.
 */
export function createTokenService({ secret, clock }: { secret: string; clock: Clock }) {
  // Imported once: jose imports a raw (Uint8Array) key into WebCrypto on every sign and verify, which cost
  // more than the HMAC itself on every API call (a profile of the Mini App's market opening).
  const key = webcrypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(secret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign", "verify"],
  );
  const nowSeconds = () => Math.floor(clock.now().getTime() / 1000);
  const verified = new Map<string, JWTPayload>();

  async function sign(claims: TokenClaims): Promise<string> {
    const iat = nowSeconds();
    const ttl = claims.type === "access" ? ACCESS_TTL_SECONDS : REFRESH_TTL_SECONDS;
    return new SignJWT({ token_type: claims.type, user_id: claims.userId, ver: claims.version })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setIssuedAt(iat)
      .setExpirationTime(iat + ttl)
      .setJti(randomUUID())
      .sign(await key);
  }

  /**
   * The payload of a token signed with this secret (HS256) and not expired, or undefined. A page sends the same
   * token with every call until it ends, and the HMAC check ran on WebCrypto's thread pool, a job and a promise
   * per API call (5 % of the Mini App's CPU at the market's opening): a token checked once is kept by its exact
   * text, so only a token byte for byte the same as a genuine one is taken without the check, and its expiry is
   * still read on every call. Whose token it is (staff or client) is judged by the callers on every call.
   */
  async function genuine(token: string): Promise<JWTPayload | undefined> {
    const known = verified.get(token);
    if (known) {
      if (typeof known.exp === "number" && known.exp > nowSeconds()) return known;
      verified.delete(token);
      return undefined;
    }
    try {
      const { payload } = await jwtVerify(token, await key, {
        algorithms: ["HS256"],
        currentDate: clock.now(),
        requiredClaims: ["exp"],
      });
      if (verified.size >= VERIFIED_KEPT) verified.delete(verified.keys().next().value ?? "");
      verified.set(token, payload);
      return payload;
    } catch (error) {
      if (error instanceof errors.JOSEError || error instanceof TypeError) return undefined;
      throw error;
    }
  }

  /** The claims of a genuine, unexpired staff token, or undefined for anything else (never throws). */
  async function verify(token: string): Promise<TokenClaims | undefined> {
    const payload = await genuine(token);
    if (!payload) return undefined;
    const { token_type: type, user_id: userId, ver: version } = payload;
    if (
      payload.aud !== undefined ||
      (type !== "access" && type !== "refresh") ||
      typeof userId !== "number" ||
      typeof version !== "number"
    ) {
      return undefined;
    }
    return { userId, version, type };
  }

  async function signClient(claims: ClientTokenClaims): Promise<string> {
    const iat = nowSeconds();
    return new SignJWT({
      token_type: "client",
      client_id: claims.clientId,
      telegram_id: claims.telegramId,
      ...(claims.dryRun ? { dry_run: true } : {}),
    })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setAudience(CLIENT_AUDIENCE)
      .setIssuedAt(iat)
      .setExpirationTime(iat + CLIENT_TTL_SECONDS)
      .setJti(randomUUID())
      .sign(await key);
  }

  /** The claims of a genuine, unexpired client token, or undefined for anything else (never throws). */
  async function verifyClient(token: string): Promise<ClientTokenClaims | undefined> {
    const payload = await genuine(token);
    if (!payload || payload.aud !== CLIENT_AUDIENCE) return undefined;
    const { token_type: type, client_id: clientId, telegram_id: telegramId } = payload;
    if (type !== "client" || typeof clientId !== "number" || typeof telegramId !== "number") return undefined;
    const dryRun = payload.dry_run === true;
    return {
      clientId,
      telegramId,
      dryRun,
      ...(dryRun && payload.jti ? { previewSession: payload.jti } : {}),
    };
  }

  return {
    sign,
    verify,
    signClient,
    verifyClient,
    accessTtlSeconds: ACCESS_TTL_SECONDS,
    refreshTtlSeconds: REFRESH_TTL_SECONDS,
    clientTtlSeconds: CLIENT_TTL_SECONDS,
  };
}
