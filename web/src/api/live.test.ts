import { type TLiveEvent, TOKEN_NOT_VALID } from "@wholesale/contract";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockFetch } from "../../test/fetch-mock.ts";
import { fakeLiveStream } from "../../test/live-stream.ts";
import { setUnauthorizedHandler } from "./client.ts";
import { createLiveClient, type LiveClientOptions, type LiveState } from "./live.ts";
import { tokens } from "./tokens.ts";

/** A ceiling for a loaded machine, never an expectation. */
const WAIT = { timeout: 10_000 };

let client: ReturnType<typeof createLiveClient> | undefined;

afterEach(() => {
  client?.stop();
  client = undefined;
  setUnauthorizedHandler(() => {});
  vi.unstubAllGlobals();
});

/** A client whose waits are recorded and not waited, with what it said and heard. */
function started(options: Partial<LiveClientOptions> = {}) {
  const waits: number[] = [];
  const states: LiveState[] = [];
  const heard: TLiveEvent[] = [];
  const live = createLiveClient({ wait: async (ms) => void waits.push(ms), ...options });
  live.onState(() => states.push(live.state()));
  live.subscribe((event) => heard.push(event));
  client = live;
  live.start();
  return { live, waits, states, heard };
}

const streamCalls = (calls: ReturnType<typeof mockFetch>) => calls.filter((c) => c.url === "/api/live/");

describe("the live stream's client", () => {
  it("opens with the bearer token, is live once the stream speaks, and hands on each valid change only", async () => {
    tokens.save("A", "R");
    const stream = fakeLiveStream();
    const calls = mockFetch({ "GET /api/live/": () => stream.answer() });
    const { live, heard } = started();
    expect(live.state()).toBe("connecting");
    await vi.waitFor(() => expect(live.state()).toBe("live"), WAIT);
    expect(streamCalls(calls)[0]?.headers).toMatchObject({
      authorization: "Bearer A",
      accept: "text/event-stream",
    });
    expect(streamCalls(calls)[0]?.headers).not.toHaveProperty("last-event-id");

    stream.write(': ping\n\nid: x.1\nevent: change\ndata: {"kind":"orders","ids":[5],');
    stream.write('"new":[5]}\n\nid: x.2\nevent: change\ndata: {"kind":"nothing"}\n\n');
    stream.write("id: x.3\nevent: change\ndata: not json\n\nid: x.4\nevent: other\ndata: {}\n\n");
    stream.send({ kind: "claims", ids: [9] });
    await vi.waitFor(() => expect(heard).toHaveLength(2), WAIT);
    expect(heard).toEqual([
      { kind: "orders", ids: [5], new: [5] },
      { kind: "claims", ids: [9] },
    ]);
  });

  it("opens again after a stream ends, from its last event; one that cannot resume tells its listeners to catch up", async () => {
    tokens.save("A", "R");
    const stream = fakeLiveStream();
    const calls = mockFetch({ "GET /api/live/": () => stream.answer() });
    const { live, waits, heard, states } = started();
    await vi.waitFor(() => expect(live.state()).toBe("live"), WAIT);

    // Ended before any event: nothing to resume from, so whatever changed meanwhile is read again.
    stream.end();
    await vi.waitFor(() => expect(heard).toEqual([{ kind: "catch-up" }]), WAIT);
    expect(streamCalls(calls)[1]?.headers).not.toHaveProperty("last-event-id");
    expect(states).toEqual(["connecting", "live", "connecting", "live"]);

    stream.send({ kind: "orders", ids: [1] });
    await vi.waitFor(() => expect(heard).toHaveLength(2), WAIT);
    stream.end();
    await vi.waitFor(() => expect(streamCalls(calls)).toHaveLength(3), WAIT);
    await vi.waitFor(() => expect(live.state()).toBe("live"), WAIT);
    expect(streamCalls(calls)[2]?.headers).toMatchObject({ "last-event-id": "test.1" });
    // The server sends what was missed, or its own catch-up: the client adds none.
    expect(heard).toEqual([{ kind: "catch-up" }, { kind: "orders", ids: [1] }]);
    expect(waits).toEqual([1_000, 1_000]);
  });

  it("refused, says it polls and tries again after 1 s doubling to 30 s, then is live once let in", async () => {
    tokens.save("A", "R");
    const stream = fakeLiveStream();
    let refusals = 8;
    mockFetch({
      "GET /api/live/": () =>
        refusals-- > 0
          ? { status: 503, body: { detail: "Слишком много открытых экранов", code: "unavailable" } }
          : stream.answer(),
    });
    const { live, waits, states } = started();
    await vi.waitFor(() => expect(live.state()).toBe("live"), WAIT);
    expect(waits).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000]);
    expect(states).toEqual(["connecting", "polling", "live"]);
  });

  it("gives up a stream that says nothing (held back by a proxy) or falls silent, and opens another", async () => {
    tokens.save("A", "R");
    const stream = fakeLiveStream();
    let answers = 0;
    const calls = mockFetch({
      "GET /api/live/": () => {
        answers += 1;
        // The first answer's body never comes; the second speaks once and then never again.
        if (answers === 1) return new Response(new ReadableStream(), { status: 200, headers: sse });
        return stream.answer();
      },
    });
    const sse = { "content-type": "text/event-stream" };
    const { live, states } = started({ openTimeoutMs: 50, silenceMs: 50 });
    await vi.waitFor(() => expect(streamCalls(calls).length).toBeGreaterThanOrEqual(3), WAIT);
    expect(states.slice(0, 5)).toEqual(["connecting", "polling", "live", "connecting", "live"]);
    live.stop();
    expect(live.state()).toBe("off");
  });

  it("renews an expired token through the one refresh every call shares, and stops when the session is over", async () => {
    tokens.save("A", "R");
    const stream = fakeLiveStream();
    let refreshes = 0;
    const expired = { status: 401, body: { detail: "Токен недействителен", code: TOKEN_NOT_VALID } };
    const calls = mockFetch({
      "GET /api/live/": ({ headers }) => (headers.authorization === "Bearer B" ? stream.answer() : expired),
      "POST /api/token/refresh/": () =>
        ++refreshes === 1 ? { status: 200, body: { access: "B" } } : { status: 401, body: expired.body },
    });
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    const { live } = started();
    await vi.waitFor(() => expect(live.state()).toBe("live"), WAIT);
    expect(refreshes).toBe(1);
    expect(streamCalls(calls).map((c) => c.headers.authorization)).toEqual(["Bearer A", "Bearer B"]);

    // The access token ends, and so does the stream; this time the refresh token is refused too.
    tokens.save("C");
    stream.end();
    await vi.waitFor(() => expect(live.state()).toBe("off"), WAIT);
    expect(refreshes).toBe(2);
    expect(onUnauthorized).toHaveBeenCalledOnce();
    expect(tokens.access()).toBeNull();
    expect(streamCalls(calls)).toHaveLength(3);
  });

  it("stops: the stream is closed, nothing more is tried or heard", async () => {
    tokens.save("A", "R");
    const stream = fakeLiveStream();
    const calls = mockFetch({ "GET /api/live/": () => stream.answer() });
    const { live, heard } = started();
    await vi.waitFor(() => expect(live.state()).toBe("live"), WAIT);
    live.stop();
    expect(live.state()).toBe("off");
    stream.send({ kind: "orders" });
    expect(heard).toEqual([]);
    expect(streamCalls(calls)).toHaveLength(1);
  });
});
