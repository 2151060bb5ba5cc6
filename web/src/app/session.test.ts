import { afterEach, describe, expect, it, vi } from "vitest";
import { mockFetch } from "../../test/fetch-mock.ts";
import { tokens } from "../api/tokens.ts";
import { ensureSession, landingPath, sessionStore, signIn, signOut } from "./session.ts";

const me = {
  id: 1,
  username: "sklad",
  date_joined: "2026-01-01T00:00:00Z",
  last_login: null,
  is_office: false,
  is_storehouse: true,
  is_seller: false,
  is_superuser: false,
  is_active: true,
  role: "storehouse",
  permissions: ["orders.read"],
};

afterEach(() => {
  vi.unstubAllGlobals();
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

  it("without a stored token there is no session and no call", async () => {
    const calls = mockFetch({});
    await expect(ensureSession()).resolves.toBeNull();
    expect(calls).toHaveLength(0);
  });
});
