import { afterEach, describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import { seedAccount } from "../db/factories/accounts.ts";
import { MAX_FAILURES_PER_IP } from "../modules/accounts/index.ts";
import { createTestApp, TEST_PASSWORD, type TestApp } from "../test/app.ts";

const env = (TRUST_PROXY?: string) => ({ DATA_DIR: "/tmp/unused", JWT_SECRET: "x".repeat(32), TRUST_PROXY });

describe("TRUST_PROXY setting", () => {
  it("is off unless set, and takes a hop count or a list of proxy addresses", () => {
    expect(loadConfig(env()).trustProxy).toBe(false);
    expect(loadConfig(env("off")).trustProxy).toBe(false);
    expect(loadConfig(env("0")).trustProxy).toBe(false);
    expect(loadConfig(env("2")).trustProxy).toBe(2);
    expect(loadConfig(env("10.0.0.5, 192.168.0.0/16,::1")).trustProxy).toEqual([
      "10.0.0.5",
      "192.168.0.0/16",
      "::1",
    ]);
  });

  it("refuses anything else at start", () => {
    expect(() => loadConfig(env("yes-please"))).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig(env("10.0.0.0/40"))).toThrow(/TRUST_PROXY/);
  });
});

describe("per-IP sign-in limit behind X-Forwarded-For", () => {
  let t: TestApp;
  afterEach(() => t.close());

  const signIn = (username: string, password: string, remoteAddress: string, forwardedFor: string) =>
    t.app.inject({
      method: "POST",
      url: "/api/token/",
      payload: { username, password },
      remoteAddress,
      headers: { "x-forwarded-for": forwardedFor },
    });

  it("ignores a spoofed header when TRUST_PROXY is off: a new X-Forwarded-For does not reset the count", async () => {
    t = await createTestApp();
    await seedAccount(t.db, { username: "anna", password: TEST_PASSWORD, role: "office" });
    for (let i = 0; i < MAX_FAILURES_PER_IP; i++) {
      expect((await signIn(`guess-${i}`, "wrong", "203.0.113.7", `198.51.100.${i}`)).statusCode).toBe(401);
    }
    const res = await signIn("anna", TEST_PASSWORD, "203.0.113.7", "198.51.100.250");
    expect(res.statusCode).toBe(429);
  });

  it("counts the forwarded client IP when the request comes from a trusted proxy", async () => {
    t = await createTestApp({ trustProxy: ["10.0.0.5"] });
    await seedAccount(t.db, { username: "anna", password: TEST_PASSWORD, role: "office" });
    for (let i = 0; i < MAX_FAILURES_PER_IP; i++) {
      await signIn(`guess-${i}`, "wrong", "10.0.0.5", "198.51.100.1");
    }
    expect((await signIn("anna", TEST_PASSWORD, "10.0.0.5", "198.51.100.1")).statusCode).toBe(429);
    // Another client behind the same proxy is its own IP, not locked by its neighbour.
    expect((await signIn("anna", TEST_PASSWORD, "10.0.0.5", "198.51.100.2")).statusCode).toBe(200);
    // The same header from an untrusted address is ignored: that address is counted instead.
    expect((await signIn("anna", TEST_PASSWORD, "203.0.113.9", "198.51.100.1")).statusCode).toBe(200);
  });
});
