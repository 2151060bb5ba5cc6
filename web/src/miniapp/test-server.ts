// For the Mini App's component tests: its server as a page sees it, through a stubbed `fetch`.
import { vi } from "vitest";

/** One answer: a status and a body (none for 204), or "offline" (the request fails as a lost connection). */
export type Answer = { status: number; body: unknown } | "offline";
/** A request's answers in turn, or one rule answering every such request from its body. */
export type Planned<Body = unknown> = Answer[] | ((body: Body) => Answer);
/** A request the page made: `call` is its method and path ("POST waits/"). */
export type Call = { method: string; path: string; query: string; call: string; body: unknown };

/**
 * Stubs `fetch` (undone by `vi.unstubAllGlobals()`): a request is answered from `answers` by its method and
 * path ("DELETE waits/31/") or by its path alone ("positions/"), the path relative to /api/app/ and without its
 * query. A request nothing is planned for fails the test, naming it. Returns the requests made, in order.
 */
export function serveMiniApp<Body = unknown>(answers: Record<string, Planned<Body>>): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const [path = "", query = ""] = url.replace("/api/app/", "").split("?");
      const method = init.method ?? "GET";
      const call = `${method} ${path}`;
      const body = init.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, path, query, call, body });
      const planned = answers[call] ?? answers[path];
      // What the page sent is what the test's rule expects of it.
      const answer = typeof planned === "function" ? planned(body as Body) : planned?.shift();
      if (!answer) throw new Error(`unexpected ${call}`);
      if (answer === "offline") throw new TypeError("Failed to fetch");
      return new Response(answer.status === 204 ? null : JSON.stringify(answer.body), {
        status: answer.status,
      });
    }),
  );
  return calls;
}
