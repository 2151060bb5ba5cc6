import { vi } from "vitest";

/** A JSON answer, or a whole Response (a stream) handed back as it is; either may come later. */
type Handler = (request: {
  url: string;
  method: string;
  body: unknown;
  headers: Record<string, string>;
}) => Answer | Promise<Answer>;
type Answer = { status: number; body?: unknown } | Response;

/** Replaces fetch with a router of handlers keyed by "METHOD /path"; records every call. */
export function mockFetch(routes: Record<string, Handler>) {
  const calls: { url: string; method: string; body: unknown; headers: Record<string, string> }[] = [];
  const fetchMock = vi.fn(async (input: string, init: RequestInit = {}) => {
    const method = init.method ?? "GET";
    const url = String(input);
    const path = url.split("?")[0];
    const headers = (init.headers ?? {}) as Record<string, string>;
    const body = typeof init.body === "string" ? JSON.parse(init.body) : init.body;
    calls.push({ url, method, body, headers });
    const handler = routes[`${method} ${path}`];
    if (!handler) return new Response(JSON.stringify({ detail: "Не найдено" }), { status: 404 });
    const answer = await handler({ url, method, body, headers });
    if (answer instanceof Response) return answer;
    const { status, body: out } = answer;
    return new Response(out === undefined ? null : JSON.stringify(out), {
      status,
      headers: { "content-type": "application/json" },
    });
  });
  vi.stubGlobal("fetch", fetchMock);
  return calls;
}
