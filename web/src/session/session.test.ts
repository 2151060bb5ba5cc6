import { afterEach, describe, expect, it, vi } from "vitest";
import { mockFetch } from "../../test/fetch-mock.ts";
import { staffUser } from "../../test/staff.ts";
import { tokens } from "../api/tokens.ts";
import { notify } from "../notices/notify.tsx";
import { ensureSession, landingPath, sessionStore, signIn, signOut, VERIFY_FAILED } from "./session.ts";

vi.mock("../notices/notify.tsx", () => ({ notify: { error: vi.fn(), success: vi.fn(), warning: vi.fn() } }));

const me = staffUser("storehouse", ["orders.read"], { username: "sklad" });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(notify.error).mockClear();
  signOut();
});

describe("session", () => {
  it("sign-in stores both tokens under the spec's names and loads the user", async () => {
    mockFetch({
      "POST /api/token/": () => ({ status: 200, body: { access: "A", refresh: "R" } }),
      "GET /api/users/whoiam/": () => ({ status: 200, body: me }),
    });
    const user = await signIn("sklad", "pw");
    expect(localStorage.getItem("token")).toBe("A");
    expect(localStorage.getItem("refreshToken")).toBe("R");
    expect(sessionStore.get()).toMatchObject({ status: "success", token: "A" });
    expect(landingPath(user)).toBe("/orders");
  });

  it("a failed sign-in clears the token and sets the error state", async () => {
    tokens.save("stale", "stale");
    mockFetch({ "POST /api/token/": () => ({ status: 401, body: { detail: "Неверный логин или пароль" } }) });
    await expect(signIn("x", "y")).rejects.toThrow("Неверный логин или пароль");
    expect(sessionStore.get()).toMatchObject({ status: "error", token: null, myUser: null });
    expect(tokens.access()).toBeNull();
  });

  it("restores a session by verifying the stored token", async () => {
    tokens.save("A", "R");
    const calls = mockFetch({
      "POST /api/token/verify/": () => ({ status: 200, body: {} }),
      "GET /api/users/whoiam/": () => ({ status: 200, body: me }),
    });
    await expect(ensureSession()).resolves.toMatchObject({ username: "sklad" });
    expect(calls.find((c) => c.url === "/api/token/verify/")).toMatchObject({
      method: "POST",
      body: { token: "A" },
    });
  });

  it("asks for the user beside the token's check: both calls are sent before either is answered", async () => {
    tokens.save("A", "R");
    let verifyAnswered = false;
    let whoamiSent!: () => void;
    const whoamiOnTheWire = new Promise<void>((resolve) => {
      whoamiSent = resolve;
    });
    const whileChecking = vi.fn();
    const calls = mockFetch({
      "POST /api/token/verify/": async () => {
        await whoamiOnTheWire;
        verifyAnswered = true;
        return { status: 200, body: {} };
      },
      "GET /api/users/whoiam/": () => {
        whoamiSent();
        expect(verifyAnswered).toBe(false);
        return { status: 200, body: me };
      },
    });
    await expect(ensureSession({ whileChecking })).resolves.toMatchObject({ username: "sklad" });
    expect(calls.map((c) => `${c.method} ${c.url}`).sort()).toEqual([
      "GET /api/users/whoiam/",
      "POST /api/token/verify/",
    ]);
    expect(whileChecking).toHaveBeenCalledOnce();
    expect(sessionStore.get()).toMatchObject({ status: "success", token: "A" });
  });

  it("an expired token is refreshed once and the user asked again with the new one; the session stays", async () => {
    tokens.save("old", "R");
    const expired = { status: 401, body: { detail: "Токен недействителен", code: "token_not_valid" } };
    const calls = mockFetch({
      "POST /api/token/verify/": () => expired,
      "POST /api/token/refresh/": () => ({ status: 200, body: { access: "new" } }),
      "GET /api/users/whoiam/": ({ headers }) =>
        headers.authorization === "Bearer new" ? { status: 200, body: me } : expired,
    });
    await expect(ensureSession()).resolves.toMatchObject({ username: "sklad" });
    expect(calls.filter((c) => c.url === "/api/token/refresh/")).toHaveLength(1);
    expect(calls.filter((c) => c.url === "/api/users/whoiam/").map((c) => c.headers.authorization)).toEqual([
      "Bearer old",
      "Bearer new",
    ]);
    expect(sessionStore.get()).toMatchObject({ status: "success", token: "new" });
    expect(tokens.refresh()).toBe("R");
  });

  it("discards a token the server calls token_not_valid when it cannot be refreshed", async () => {
    tokens.save("bad", "bad");
    mockFetch({
      "POST /api/token/verify/": () => ({
        status: 401,
        body: { detail: "Токен недействителен", code: "token_not_valid" },
      }),
      "POST /api/token/refresh/": () => ({
        status: 401,
        body: { detail: "Токен недействителен", code: "token_not_valid" },
      }),
    });
    await expect(ensureSession()).resolves.toBeNull();
    expect(tokens.access()).toBeNull();
  });

  it("a verify that fails for another reason (a server error) says so and keeps the stored tokens", async () => {
    tokens.save("A", "R");
    mockFetch({ "POST /api/token/verify/": () => ({ status: 502, body: "Bad gateway" }) });
    await expect(ensureSession({ reportFailure: true })).resolves.toBeNull();
    expect(notify.error).toHaveBeenCalledWith("Ошибка сервера", VERIFY_FAILED);
    expect(VERIFY_FAILED).toBe("Ошибка при верификации токена");
    expect(tokens.access()).toBe("A");
    expect(tokens.refresh()).toBe("R");
  });

  it("an unreachable server is a failed check too: tokens kept, the notice shown", async () => {
    tokens.save("A", "R");
    vi.stubGlobal("fetch", () => Promise.reject(new TypeError("Failed to fetch")));
    await expect(ensureSession({ reportFailure: true })).resolves.toBeNull();
    expect(notify.error).toHaveBeenCalledWith("Нет связи с сервером", VERIFY_FAILED);
    expect(tokens.access()).toBe("A");
  });

  it("without a stored token there is no session and no call", async () => {
    const calls = mockFetch({});
    await expect(ensureSession()).resolves.toBeNull();
    expect(calls).toHaveLength(0);
  });
});
