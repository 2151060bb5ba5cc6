import type { TTokenPair, TTokenRequest } from "@wholesale/contract";
import { and, count, eq, gt, lt, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { accounts, loginFailures } from "../../db/schema/index.ts";
import { accountForToken, tokenNotValid } from "../../http/auth.ts";
import { AppError } from "../../http/errors.ts";
import type { TokenService } from "../../http/tokens.ts";
import type { Clock } from "../../lib/clock.ts";
import { verifyPassword } from "../../lib/passwords.ts";

/** Failed sign-ins allowed in a window before further attempts are refused, per username and per IP. */
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_USERNAME = 10;
export const MAX_FAILURES_PER_IP = 50;

const invalidCredentials = () => new AppError("authentication_failed", "Неверный логин или пароль");

export type AuthService = ReturnType<typeof createAuthService>;

export function createAuthService({ db, clock, tokens }: { db: Db; clock: Clock; tokens: TokenService }) {
  const sameUsername = (username: string) => sql`lower(${loginFailures.username}) = lower(${username})`;

  async function assertNotLockedOut(username: string, ip: string): Promise<void> {
    const since = new Date(clock.now().getTime() - LOGIN_WINDOW_MS);
    const [row] = await db
      .select({
        byUsername: count(sql`case when ${sameUsername(username)} then 1 end`),
        byIp: count(sql`case when ${loginFailures.ip} = ${ip} then 1 end`),
      })
      .from(loginFailures)
      .where(and(gt(loginFailures.at, since), or(sameUsername(username), eq(loginFailures.ip, ip))));
    if ((row?.byUsername ?? 0) >= MAX_FAILURES_PER_USERNAME || (row?.byIp ?? 0) >= MAX_FAILURES_PER_IP) {
      throw new AppError("rate_limited", "Слишком много неудачных попыток входа. Попробуйте позже.");
    }
  }

  async function recordFailure(username: string, ip: string): Promise<void> {
    const now = clock.now();
    await db.insert(loginFailures).values({ username: username.slice(0, 150), ip, at: now });
    await db.delete(loginFailures).where(lt(loginFailures.at, new Date(now.getTime() - LOGIN_WINDOW_MS)));
  }

  return {
    /** Checks the credentials; `onAccount` learns the account named (if it exists) for the activity log. */
    async signIn(
      { username, password }: TTokenRequest,
      ip: string,
      onAccount: (id: number) => void,
    ): Promise<TTokenPair> {
      await assertNotLockedOut(username, ip);
      const [row] = await db
        .select()
        .from(accounts)
        .where(sql`lower(${accounts.username}) = lower(${username})`);
      if (row) onAccount(row.id);
      const passwordOk = await verifyPassword(row?.passwordHash, password);
      if (!row || !passwordOk || !row.isActive) {
        await recordFailure(username, ip);
        throw invalidCredentials();
      }
      await db.update(accounts).set({ lastLogin: clock.now() }).where(eq(accounts.id, row.id));
      await db.delete(loginFailures).where(sameUsername(username));
      const claims = { userId: row.id, version: row.tokenVersion };
      return {
        access: await tokens.sign({ ...claims, type: "access" }),
        refresh: await tokens.sign({ ...claims, type: "refresh" }),
      };
    },

    /** A new access token for a valid refresh token; the visit counts as the account's last login. */
    async refresh(refresh: string, onAccount: (id: number) => void): Promise<{ access: string }> {
      const account = await accountForToken(db, tokens, refresh, "refresh");
      if (!account) throw tokenNotValid();
      onAccount(account.id);
      const [row] = await db
        .update(accounts)
        .set({ lastLogin: clock.now() })
        .where(eq(accounts.id, account.id))
        .returning({ version: accounts.tokenVersion });
      if (!row) throw tokenNotValid();
      return { access: await tokens.sign({ userId: account.id, version: row.version, type: "access" }) };
    },

    /** Like simplejwt's verify: any genuine token of a live account passes. */
    async verify(token: string, onAccount: (id: number) => void): Promise<Record<string, never>> {
      const account = await accountForToken(db, tokens, token, "any");
      if (!account) throw tokenNotValid();
      onAccount(account.id);
      return {};
    },
  };
}
