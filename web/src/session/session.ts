import type { TPermission, TWhoAmI } from "@wholesale/contract";
import { useSyncExternalStore } from "react";
import { ApiError, api, firstCallsContract, refreshAccessToken } from "../api/client.ts";
import { tokens } from "../api/tokens.ts";
import { notify } from "../notices/notify.tsx";

/** The spec's authentication states. */
export type SessionStatus = "empty" | "loading" | "success" | "error";
export type Session = { status: SessionStatus; token: string | null; myUser: TWhoAmI | null };

let state: Session = { status: "empty", token: tokens.access(), myUser: null };
const listeners = new Set<() => void>();

function set(next: Partial<Session>) {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

export const sessionStore = {
  get: () => state,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useSession(): Session {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.get);
}

export function can(user: TWhoAmI | null, permission: TPermission | undefined): boolean {
  return permission === undefined || (user?.permissions.includes(permission) ?? false);
}

/** Where a user goes after signing in: the storehouse works from the orders screen. */
export function landingPath(user: TWhoAmI): string {
  return user.role === "storehouse" ? "/orders" : "/";
}

function signedInAs(myUser: TWhoAmI): TWhoAmI {
  set({ status: "success", token: tokens.access(), myUser });
  return myUser;
}

async function loadUser(): Promise<TWhoAmI> {
  const { ZWhoAmISchema } = await firstCallsContract();
  return signedInAs(await api("/users/whoiam/", { schema: ZWhoAmISchema }));
}

/** Login success stores both tokens and marks the user logged in; failure clears the token. */
export async function signIn(username: string, password: string): Promise<TWhoAmI> {
  set({ status: "loading" });
  try {
    const { ZTokenPairSchema } = await firstCallsContract();
    const pair = await api("/token/", {
      method: "POST",
      body: { username, password },
      schema: ZTokenPairSchema,
      anonymous: true,
    });
    tokens.save(pair.access, pair.refresh);
    return await loadUser();
  } catch (error) {
    tokens.clear();
    set({ status: "error", token: null, myUser: null });
    throw error;
  }
}

export function signOut(): void {
  tokens.clear();
  set({ status: "empty", token: null, myUser: null });
}

/**
 * The signed-in user, restoring the session from a stored token when there is one: the token is verified
 * (an expired one is refreshed once). Only a token the server calls not valid is discarded; when the check
 * itself fails (a server error, no connection) the tokens are kept for the next try and, when
 * `reportFailure` is set, the spec's «Ошибка при верификации токена» is shown.
 *
 * The user is asked for beside the verification rather than after it, so a reload waits one round trip for
 * its session, not two; that answer counts only when the token it carried passed. `whileChecking` runs once
 * both calls are on the wire: the router fetches the screen's code then, while the line is busy and the
 * processor idle.
 */
export async function ensureSession({
  reportFailure = false,
  whileChecking,
}: {
  reportFailure?: boolean;
  whileChecking?: () => void;
} = {}): Promise<TWhoAmI | null> {
  if (state.status === "success" && state.myUser) return state.myUser;
  const token = tokens.access();
  if (!token) return null;
  const failed = (error: unknown) => {
    if (reportFailure) notify.error(error instanceof ApiError ? error.detail : String(error), VERIFY_FAILED);
    return null;
  };
  const { ZEmptySchema, ZWhoAmISchema, TOKEN_NOT_VALID } = await firstCallsContract();
  const guessedUser = api("/users/whoiam/", { schema: ZWhoAmISchema, handleUnauthorized: false }).catch(
    () => null,
  );
  const verified = api("/token/verify/", {
    method: "POST",
    body: { token },
    schema: ZEmptySchema,
    anonymous: true,
  });
  whileChecking?.();
  try {
    await verified;
    const myUser = await guessedUser;
    if (myUser) return signedInAs(myUser);
  } catch (error) {
    if (!(error instanceof ApiError && error.code === TOKEN_NOT_VALID)) return failed(error);
    if (!(await refreshAccessToken())) {
      signOut();
      return null;
    }
  }
  // Asked again: the token was refreshed, or the first answer was not the user (a deactivated account's 401
  // ends the session here as it does on any call).
  try {
    return await loadUser();
  } catch (error) {
    // A 401 here has already ended the session (api/client.ts); anything else is a failed check.
    if (error instanceof ApiError && error.status === 401) return null;
    return failed(error);
  }
}

export const VERIFY_FAILED = "Ошибка при верификации токена";
