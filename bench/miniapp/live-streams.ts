import http from "node:http";
import { performance } from "node:perf_hooks";
import pg from "pg";
import type { Db } from "../../server/src/db/client.ts";
import { seedAccount } from "../../server/src/db/factories/accounts.ts";
import { createTokenService } from "../../server/src/http/tokens.ts";
import { systemClock } from "../../server/src/lib/clock.ts";
import { percentile } from "../lib/measure.ts";

/** A marker change is committed this often while the streams are watched. */
const PROBE_EVERY_MS = 100;

export type LiveFigures = {
  streams: number;
  probes: number;
  /** Deliveries of a probe to a stream: probes × streams when none is lost. */
  samples: number;
  missing: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
};

/** A staff account's access token for the bench's server (signed with its secret). */
export async function staffToken(db: Db, secret: string): Promise<string> {
  const account = await seedAccount(db, {
    username: `bench-office-${process.pid}`,
    password: "bench-office-password",
    role: "office",
  });
  return createTokenService({ secret, clock: systemClock }).sign({
    userId: account.id,
    version: account.tokenVersion,
    type: "access",
  });
}

/** `count` live streams of an office account on the server at `port`; `onEvent` hears each one's `data:` lines. */
export async function openStreams(
  port: number,
  token: string,
  count: number,
  onData: (stream: number, data: string) => void = () => {},
): Promise<{ close: () => void }> {
  const requests: http.ClientRequest[] = [];
  let closing = false;
  await Promise.all(
    Array.from(
      { length: count },
      (_, stream) =>
        new Promise<void>((resolve, reject) => {
          const request = http.get(
            { host: "127.0.0.1", port, path: "/api/live/", headers: { authorization: `Bearer ${token}` } },
            (response) => {
              if (response.statusCode !== 200) {
                reject(new Error(`stream ${stream}: ${response.statusCode}`));
                return;
              }
              response.setEncoding("utf8");
              let buffer = "";
              response.on("data", (chunk: string) => {
                buffer += chunk;
                for (let end = buffer.indexOf("\n\n"); end >= 0; end = buffer.indexOf("\n\n")) {
                  const frame = buffer.slice(0, end);
                  buffer = buffer.slice(end + 2);
                  const data = frame.split("\n").find((line) => line.startsWith("data: "));
                  if (data) onData(stream, data.slice(6));
                }
              });
              response.on("error", () => {});
              // A stream the server ends before the bench closes it is what its missing deliveries are.
              response.on("close", () => {
                if (!closing) console.error(`stream ${stream} ended by the server`);
              });
              resolve();
            },
          );
          request.on("error", reject);
          requests.push(request);
        }),
    ),
  );
  return {
    close: () => {
      closing = true;
      for (const request of requests) request.destroy();
    },
  };
}

/**
 * BENCH_LIVE_STREAMS office streams held open on the Mini App's server through the rush, and how long a change
 * takes to reach them meanwhile: every 100 ms the bench commits a message to clients on a connection of its
 * own (the trigger announces `messages:<id>`) and times, from the moment the insert was sent, its arrival on
 * every stream. The rush's own orders flow through the same streams (each is an office's, and hears them).
 */
export async function watchLiveStreams(
  db: Db,
  databaseUrl: string,
  port: number,
  count: number,
  secret: string,
): Promise<{ close: () => Promise<LiveFigures> }> {
  const token = await staffToken(db, secret);
  const sentAt = new Map<number, number>();
  // A probe's first arrival on each stream, matched to its sending at the end: an event can reach a stream
  // before the insert's own answer reaches the bench.
  const arrivedAt = new Map<number, Map<number, number>>();
  const streams = await openStreams(port, token, count, (stream, data) => {
    const event = JSON.parse(data) as { kind: string; ids?: number[] };
    if (event.kind !== "messages") return;
    const now = performance.now();
    for (const id of event.ids ?? []) {
      const onStreams = arrivedAt.get(id) ?? new Map<number, number>();
      arrivedAt.set(id, onStreams);
      if (!onStreams.has(stream)) onStreams.set(stream, now);
    }
  });
  const writer = new pg.Client({ connectionString: databaseUrl });
  await writer.connect();
  let probing = true;
  const probes = (async () => {
    while (probing) {
      const sent = performance.now();
      const { rows } = await writer.query<{ id: number }>(
        "insert into client_messages (text) values ('Замер') returning id",
      );
      const id = rows[0]?.id;
      if (id !== undefined) sentAt.set(id, sent);
      await new Promise((resolve) => setTimeout(resolve, PROBE_EVERY_MS));
    }
  })();
  return {
    async close() {
      probing = false;
      await probes;
      // The last probe's flight.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      streams.close();
      await writer.end();
      const arrivals = [...sentAt].flatMap(([id, sent]) =>
        [...(arrivedAt.get(id)?.values() ?? [])].map((arrived) => arrived - sent),
      );
      const sorted = arrivals.sort((a, b) => a - b);
      const round = (ms: number) => Number(ms.toFixed(1));
      return {
        streams: count,
        probes: sentAt.size,
        samples: sorted.length,
        missing: sentAt.size * count - sorted.length,
        p50Ms: round(percentile(sorted, 50)),
        p99Ms: round(percentile(sorted, 99)),
        maxMs: round(sorted.at(-1) ?? 0),
      };
    },
  };
}
