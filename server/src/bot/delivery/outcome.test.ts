import { GrammyError, HttpError } from "grammy";
import { describe, expect, it } from "vitest";
import { outcomeOfError } from "./outcome.ts";

const policy = { baseDelayMs: 1000, maxDelayMs: 5000, maxAttempts: 4 };
const apiError = (error_code: number, description: string, retry_after?: number) =>
  new GrammyError(
    "failed",
    { ok: false, error_code, description, ...(retry_after ? { parameters: { retry_after } } : {}) },
    "sendMessage",
    {},
  );

describe("what a Bot API error means for the row", () => {
  it("waits retry_after on 429 without counting the attempt", () => {
    expect(outcomeOfError(apiError(429, "Too Many Requests", 7), 1, policy)).toMatchObject({
      kind: "retry",
      delayMs: 7000,
      counted: false,
    });
  });
  it("marks the client unreachable on 403 and fails a 400 for good", () => {
    expect(outcomeOfError(apiError(403, "Forbidden: bot was blocked by the user"), 1, policy).kind).toBe(
      "unreachable",
    );
    expect(outcomeOfError(apiError(400, "Bad Request: chat not found"), 1, policy).kind).toBe("failed");
  });
  it("keeps the row waiting on 401 and 404 (a wrong token or API root), without counting the attempt", () => {
    for (const [code, description] of [
      [401, "Unauthorized"],
      [404, "Not Found"],
    ] as const) {
      expect(outcomeOfError(apiError(code, description), 5, policy)).toEqual({
        kind: "retry",
        delayMs: 0,
        counted: false,
        error: `${code}: ${description}`,
        halt: "misconfigured",
      });
    }
  });
  it("backs off on any other 4xx rather than failing the row at once", () => {
    expect(outcomeOfError(apiError(409, "Conflict"), 1, policy)).toMatchObject({
      kind: "retry",
      delayMs: 1000,
      counted: true,
    });
  });
  it("backs off exponentially on 5xx and network errors, up to a cap, then gives up", () => {
    const delays = [1, 2, 3].map((n) => {
      const o = outcomeOfError(apiError(502, "Bad Gateway"), n, policy);
      return o.kind === "retry" ? o.delayMs : -1;
    });
    expect(delays).toEqual([1000, 2000, 4000]);
    const network = new HttpError("Network request for 'sendMessage' failed!", new Error("ECONNRESET"));
    expect(outcomeOfError(network, 3, { ...policy, maxDelayMs: 3000 })).toMatchObject({
      kind: "retry",
      delayMs: 3000,
    });
    expect(outcomeOfError(network, 4, policy).kind).toBe("failed");
  });
});
