import type { TPermission, TRole } from "@wholesale/contract";
import { eq } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Db } from "../db/client.ts";
import { accounts } from "../db/schema/index.ts";
import { AppError } from "./errors.ts";
import { permissionsOf, roleOf } from "./permissions.ts";
import type { ClientTokenClaims, TokenService } from "./tokens.ts";

/**
 * What a route requires: nothing, any signed-in account, one permission of the role table, or a Mini App
 * client (a client token, a separate audience: staff tokens do not open these routes, client tokens no other).
 */
export type Access = "public" | "authenticated" | "client" | TPermission;

export type AuthAccount = {
  id: number;
  username: string;
  isSuperuser: boolean;
  isOffice: boolean;
  isStorehouse: boolean;
  isSeller: boolean;
  role: TRole;
  permissions: TPermission[];
};

export type ApiRoute = { method: string; url: string; access: Access };

declare module "fastify" {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    account: AuthAccount | null;
    /** The Mini App client behind a client token, on `client` routes only. */
    client: ClientTokenClaims | null;
  }
}

export const tokenNotValid = () => new AppError("token_not_valid", "Токен недействителен или просрочен");

/**
 * The account behind an access or refresh token, or undefined. The account is read on every call (one
 * primary-key lookup) so that a deleted or disabled account, or a changed password, ends its sessions
 * at once instead of when its tokens expire.
 */
export async function accountForToken(
  db: Db,
  tokens: TokenService,
  token: string,
  type: "access" | "refresh" | "any",
): Promise<AuthAccount | undefined> {
  const claims = await tokens.verify(token);
  if (!claims || (type !== "any" && claims.type !== type)) return undefined;
  const [row] = await db
    .select({
      id: accounts.id,
      username: accounts.username,
      isSuperuser: accounts.isSuperuser,
      isOffice: accounts.isOffice,
      isStorehouse: accounts.isStorehouse,
      isSeller: accounts.isSeller,
      isActive: accounts.isActive,
      tokenVersion: accounts.tokenVersion,
    })
    .from(accounts)
    .where(eq(accounts.id, claims.userId));
  const role = row && roleOf(row);
  // An account without a role can sign in but holds no permission; treat it as not signed in.
  if (!row || !role || !row.isActive || row.tokenVersion !== claims.version) return undefined;
  const { isActive: _, tokenVersion: __, ...account } = row;
  return { ...account, role, permissions: permissionsOf(row) };
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(" ");
  return scheme?.toLowerCase() === "bearer" && token ? token : "";
}

/**
 * Every route in the API scope must declare its `access`; the server refuses to start otherwise, so no
 * endpoint can be added without a decision about who may call it. A route that is not public gets the token
 * check as its first own `onRequest` hook; a public one (health, sign-in) carries no check at all, instead of
 * a scope-wide hook that every request would enter only to return.
 */
export function registerAuth(
  app: FastifyInstance,
  { db, tokens, routes }: { db: Db; tokens: TokenService; routes: ApiRoute[] },
): void {
  app.decorateRequest("account", null);
  app.decorateRequest("client", null);

  const requireAccess = (access: Exclude<Access, "public">) => async (request: FastifyRequest) => {
    const token = bearerToken(request);
    if (token === undefined) {
      throw new AppError("not_authenticated", "Учетные данные не были предоставлены.");
    }
    if (access === "client") {
      const client = token ? await tokens.verifyClient(token) : undefined;
      if (!client) throw tokenNotValid();
      request.client = client;
      return;
    }
    const account = token ? await accountForToken(db, tokens, token, "access") : undefined;
    if (!account) throw tokenNotValid();
    request.account = account;
    if (access !== "authenticated" && !account.permissions.includes(access)) {
      throw new AppError("permission_denied", "У вас недостаточно прав для выполнения данного действия.");
    }
  };

  app.addHook("onRoute", (route) => {
    const access = route.config?.access;
    if (access === undefined)
      throw new Error(`Route ${route.method} ${route.url} must declare config.access`);
    for (const method of [route.method].flat()) {
      if (method !== "HEAD") routes.push({ method, url: route.url, access });
    }
    if (access !== "public") {
      const own = route.onRequest === undefined ? [] : [route.onRequest].flat();
      route.onRequest = [requireAccess(access), ...own];
    }
  });
}

/** The signed-in account of a route that is not public. */
export function currentAccount(request: FastifyRequest): AuthAccount {
  if (!request.account) throw new AppError("not_authenticated", "Учетные данные не были предоставлены.");
  return request.account;
}

/** The Mini App client of a `client` route. */
export function currentClient(request: FastifyRequest): ClientTokenClaims {
  if (!request.client) throw new AppError("not_authenticated", "Учетные данные не были предоставлены.");
  return request.client;
}
