import { afterEach, describe, expect, it, vi } from "vitest";
import { api, messageOf, openSession, Refused } from "./api.ts";

const add = { modification: 7, quantity: 1, price_kopecks: 60000 };

/** The server answering the session, then `status` and `body` (raw text when a string) to every other call. */
async function answering(status: number, body: unknown) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      if (url.endsWith("/session/"))
        return new Response(
          JSON.stringify({
            status: "client",
            token: "t",
            expires_in: 1800,
            client: { id: 1, nickname: "Анна", sees_prices: true },
            market: { open: true, open_until: null, next_open_at: null },
          }),
          { status: 200 },
        );
      return new Response(typeof body === "string" ? body : JSON.stringify(body), { status });
    }),
  );
  await openSession("launch-data");
}

async function refusedBy(call: Promise<unknown>): Promise<Refused> {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof Refused)) throw new Error(`expected a refusal, got ${String(error)}`);
  return error;
}

afterEach(() => vi.unstubAllGlobals());

describe("a failed call, in either shape the contract declares", () => {
  it("the error model (bad input): its Russian detail, no refusal to read", async () => {
    await answering(400, {
      detail: "Некорректные данные: quantity: Неверный тип",
      code: "validation_error",
      errors: { quantity: ["Неверный тип"] },
    });
    const error = await refusedBy(api.add(add));
    expect(error.status).toBe(400);
    expect(error.refusal).toBeNull();
    expect(messageOf(error)).toBe("Некорректные данные: quantity: Неверный тип");
  });

  it("the ordering service's refusal: its reason and what is still possible", async () => {
    const refusal = {
      detail: "В одни руки не больше 3 шт. в день: можно ещё 2 шт.",
      code: "hand_limit",
      can_still: 2,
      take_available: false,
      quote: null,
    };
    await answering(409, refusal);
    const error = await refusedBy(api.add(add));
    expect(error.refusal).toEqual(refusal);
    expect(messageOf(error)).toBe(refusal.detail);
  });

  it("too many adds in a row: a 429 refusal that says when to try again", async () => {
    const refusal = {
      detail: "Слишком много заказов подряд: повторите через 1 с.",
      code: "too_fast",
      can_still: null,
      take_available: false,
      quote: null,
    };
    await answering(429, refusal);
    const error = await refusedBy(api.add(add));
    expect(error.status).toBe(429);
    expect(error.refusal?.code).toBe("too_fast");
    expect(messageOf(error)).toBe(refusal.detail);
  });

  it("anything that is not the server's answer (a proxy's page) is a generic Russian failure", async () => {
    await answering(502, "<html>Bad Gateway</html>");
    const error = await refusedBy(api.add(add));
    expect(error.refusal).toBeNull();
    expect(messageOf(error)).toBe("Что-то пошло не так. Повторите попытку.");
  });
});
