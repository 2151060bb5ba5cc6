import { randomUUID } from "node:crypto";
import { errors, jwtVerify, SignJWT } from "jose";
import type { Clock } from "../lib/clock.ts";

export type TokenType = "access" | "refresh";
export type TokenClaims = { userId: number; version: number; type: TokenType };

const ACCESS_TTL_SECONDS = 30 * 60;
const REFRESH_TTL_SECONDS = 7 * 24 * 60 * 60;

export type TokenService = ReturnType<typeof createTokenService>;

/**
 * HS256 JSON Web Tokens shaped like djangorestframework-simplejwt's (`token_type`, `user_id`, `jti`).
 * `ver` is the account's token version: bumping it revokes every token issued before.
 */
export function createTokenService({ secret, clock }: { secret: string; clock: Clock }) {
  const key = new TextEncoder().encode(secret);
  const nowSeconds = () => Math.floor(clock.now().getTime() / 1000);

  async function sign(claims: TokenClaims): Promise<string> {
    const iat = nowSeconds();
    const ttl = claims.type === "access" ? ACCESS_TTL_SECONDS : REFRESH_TTL_SECONDS;
    return new SignJWT({ token_type: claims.type, user_id: claims.userId, ver: claims.version })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setIssuedAt(iat)
      .setExpirationTime(iat + ttl)
      .setJti(randomUUID())
      .sign(key);
  }

  /** The claims of a genuine, unexpired token, or undefined for anything else (never throws). */
  async function verify(token: string): Promise<TokenClaims | undefined> {
    try {
      const { payload } = await jwtVerify(token, key, { algorithms: ["HS256"], currentDate: clock.now() });
      const { token_type: type, user_id: userId, ver: version } = payload;
      if (
        (type !== "access" && type !== "refresh") ||
        typeof userId !== "number" ||
        typeof version !== "number"
      ) {
        return undefined;
      }
      return { userId, version, type };
    } catch (error) {
      if (error instanceof errors.JOSEError || error instanceof TypeError) return undefined;
      throw error;
    }
  }

  return { sign, verify, accessTtlSeconds: ACCESS_TTL_SECONDS, refreshTtlSeconds: REFRESH_TTL_SECONDS };
}
