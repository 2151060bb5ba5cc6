import { describe, expect, it } from "vitest";
import { fixedClock } from "../lib/clock.ts";
import { createTokenService } from "./tokens.ts";

const SECRET = "a-test-secret-of-at-least-thirty-two-characters";

/** Each check runs twice: the second answer comes from the tokens already checked, and must be the same. */
async function twice<T>(check: () => Promise<T>): Promise<T> {
  const first = await check();
  expect(await check()).toEqual(first);
  return first;
}

describe("tokens checked once and kept", () => {
  it("still end when they expire", async () => {
    const clock = fixedClock("2026-11-20T09:00:00Z");
    const tokens = createTokenService({ secret: SECRET, clock });
    const staff = await tokens.sign({ userId: 7, version: 1, type: "access" });
    const client = await tokens.signClient({ clientId: 3, telegramId: 42 });
    expect(await twice(() => tokens.verify(staff))).toEqual({ userId: 7, version: 1, type: "access" });
    expect(await twice(() => tokens.verifyClient(client))).toEqual({
      clientId: 3,
      telegramId: 42,
      dryRun: false,
    });
    clock.advance(30 * 60 * 1000 - 1000);
    expect(await tokens.verify(staff)).toBeDefined();
    expect(await tokens.verifyClient(client)).toBeDefined();
    clock.advance(1000);
    expect(await twice(() => tokens.verify(staff))).toBeUndefined();
    expect(await twice(() => tokens.verifyClient(client))).toBeUndefined();
  });

  it("keep their audience: a kept client token opens nothing as staff, a kept staff token nothing as a client", async () => {
    const tokens = createTokenService({ secret: SECRET, clock: fixedClock("2026-11-20T09:00:00Z") });
    const staff = await tokens.sign({ userId: 7, version: 1, type: "access" });
    const client = await tokens.signClient({ clientId: 3, telegramId: 42 });
    expect(await tokens.verify(staff)).toBeDefined();
    expect(await tokens.verifyClient(client)).toBeDefined();
    expect(await twice(() => tokens.verifyClient(staff))).toBeUndefined();
    expect(await twice(() => tokens.verify(client))).toBeUndefined();
  });

  it("are kept by their exact text: another signature or secret is checked, and refused", async () => {
    const tokens = createTokenService({ secret: SECRET, clock: fixedClock("2026-11-20T09:00:00Z") });
    const other = createTokenService({
      secret: `${SECRET}-other`,
      clock: fixedClock("2026-11-20T09:00:00Z"),
    });
    const client = await tokens.signClient({ clientId: 3, telegramId: 42 });
    expect(await tokens.verifyClient(client)).toBeDefined();
    const [header, payload] = client.split(".");
    const forged = await other.signClient({ clientId: 3, telegramId: 42 });
    expect(
      await twice(() => tokens.verifyClient(`${header}.${payload}.${forged.split(".")[2]}`)),
    ).toBeUndefined();
    expect(await twice(() => tokens.verifyClient(forged))).toBeUndefined();
    expect(await tokens.verifyClient(client)).toBeDefined();
  });
});
