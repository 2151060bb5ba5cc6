import { vi } from "vitest";

type Handler = (request: { url: string; method: string; body: unknown; headers: Record<string, string> }) => {
  status: number;
  body?: unknown;
};

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
    const { status, body: out } = handler({ url, method, body, headers });
    return new Response(out === undefined ? null : JSON.stringify(out), {
      status,
      headers: { "content-type": "application/json" },
    });
  });
  vi.stubGlobal("fetch", fetchMock);
  return calls;
}
