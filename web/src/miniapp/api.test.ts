import { afterEach, describe, expect, it, vi } from "vitest";
import { api, openSession } from "./api.ts";

type Call = { path: string; authorization: string | undefined };

const session = (token: string) => ({
  status: "client",
  token,
  expires_in: 1800,
  client: { id: 1, nickname: "Анна", sees_prices: true },
  market: { open: true, open_until: null, next_open_at: null },
});
const STAFF_WORDING = { detail: "Токен недействителен или просрочен", code: "token_not_valid" };
const market = { open: true, open_until: null, next_open_at: null };

/**
 * The server as the page sees it: `sessions` answers each POST session/ in turn; a call with a token in
 * `ended` is refused as the server refuses an ended token, any other token is served.
 */
function serve(sessions: { status: number; body: unknown }[], ended: Set<string>) {
  const calls: Call[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit) => {
      const path = url.replace("/api/app/", "");
      const authorization = (init.headers as Record<string, string>).authorization;
      calls.push({ path, authorization });
      if (path === "session/") {
        const answer = sessions.shift();
        if (!answer) throw new Error("unexpected session");
        return new Response(JSON.stringify(answer.body), { status: answer.status });
      }
      const token = authorization?.replace("Bearer ", "") ?? "";
      if (!token || ended.has(token)) return new Response(JSON.stringify(STAFF_WORDING), { status: 401 });
      return new Response(JSON.stringify(path === "market/" ? market : { positions: [] }), { status: 200 });
    }),
  );
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe("an ended client token", () => {
  it("is renewed once from the launch data for every call it failed, and each call is answered", async () => {
    const calls = serve(
      [
        { status: 200, body: session("first") },
        { status: 200, body: session("second") },
      ],
      new Set(["first"]),
    );
    await openSession("launch-data");
    // Three calls at once (the market poll, the order, a tap) all meet the ended token.
    const answers = await Promise.all([api.market(), api.order(), api.market()]);
    expect(answers).toEqual([market, { positions: [] }, market]);
    expect(calls.filter((c) => c.path === "session/")).toHaveLength(2);
    expect(calls.filter((c) => c.path !== "session/" && c.authorization === "Bearer second")).toHaveLength(3);
    // The session is opened with the launch data, never with the ended token.
    expect(calls.filter((c) => c.path === "session/").every((c) => c.authorization === undefined)).toBe(true);
  });

  it("that cannot be renewed says so in the client's words, not the staff's", async () => {
    serve(
      [
        { status: 200, body: session("first") },
        {
          status: 401,
          body: {
            detail:
              "Данные запуска Telegram недействительны или устарели. Откройте каталог из чата с ботом ещё раз.",
            code: "not_authenticated",
          },
        },
      ],
      new Set(["first"]),
    );
    await openSession("day-old-launch-data");
    const failure = await api.order().catch((error: unknown) => error);
    expect(failure).toHaveProperty(
      "message",
      "Данные запуска Telegram недействительны или устарели. Откройте каталог из чата с ботом ещё раз.",
    );
  });
});
