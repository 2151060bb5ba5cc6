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

  it("restores a session by verifying the stored token first", async () => {
    tokens.save("A", "R");
    const calls = mockFetch({
      "POST /api/token/verify/": () => ({ status: 200, body: {} }),
      "GET /api/users/whoiam/": () => ({ status: 200, body: me }),
    });
    await expect(ensureSession()).resolves.toMatchObject({ username: "sklad" });
    expect(calls[0]).toMatchObject({ method: "POST", url: "/api/token/verify/", body: { token: "A" } });
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
