import http from "node:http";
import type { ClientHttp2Session } from "node:http2";
import { type TLiveEvent, ZLiveEventSchema } from "@wholesale/contract";
import { waitFor } from "./wait.ts";

/**
 * Routes answered as a stream for as long as the page keeps them: `inject` never sees them end, so the tests
 * that walk every route call these over the app's port (or, reading nothing of a request but its token, skip them).
 */
export const STREAM_ROUTES: ReadonlySet<string> = new Set(["/api/live"]);

export type HeardEvent = TLiveEvent & { id: string };

export type LiveStreamReader = {
  status: number;
  /** The refusal's JSON when the stream was not opened. */
  body: unknown;
  heard: HeardEvent[];
  /** Resolves when the stream is over (the server ended it, or `close`). */
  ended: Promise<void>;
  /** Waits for the first event heard (from the start) that matches. */
  next: (what: string, match: (event: HeardEvent) => boolean) => Promise<HeardEvent>;
  /** Drops the connection, as a closed tab does. */
  close: () => void;
};

/** A reader of a stream's text as it arrives: each whole `change` frame's event, with its id, onto `heard`. */
function readFrames(heard: HeardEvent[]): (chunk: string) => void {
  let buffer = "";
  return (chunk) => {
    buffer += chunk;
    for (let end = buffer.indexOf("\n\n"); end >= 0; end = buffer.indexOf("\n\n")) {
      const fields = new Map(
        buffer
          .slice(0, end)
          .split("\n")
          .map((line) => [line.slice(0, line.indexOf(":")), line.slice(line.indexOf(":") + 2)]),
      );
      buffer = buffer.slice(end + 2);
      const data = fields.get("data");
      if (fields.get("event") === "change" && data !== undefined) {
        heard.push({ ...ZLiveEventSchema.parse(JSON.parse(data)), id: fields.get("id") ?? "" });
      }
    }
  };
}

/** Opens `GET /api/live/` as a page would (a bearer token, `Last-Event-ID` when resuming) and collects its events. */
export function openLiveStream(
  baseUrl: string,
  authorization: string,
  lastEventId?: string,
): Promise<LiveStreamReader> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      `${baseUrl}/api/live/`,
      { headers: { authorization, ...(lastEventId ? { "last-event-id": lastEventId } : {}) } },
      (response) => {
        const heard: HeardEvent[] = [];
        const ended = new Promise<void>((done) => response.on("close", done));
        response.setEncoding("utf8");
        const reader: LiveStreamReader = {
          status: response.statusCode ?? 0,
          body: undefined,
          heard,
          ended,
          next: (what, match) => waitFor(what, () => heard.find(match)),
          close: () => request.destroy(),
        };
        if (reader.status !== 200) {
          let buffer = "";
          response.on("data", (chunk: string) => {
            buffer += chunk;
          });
          response.on("end", () => {
            reader.body = JSON.parse(buffer);
            resolve(reader);
          });
          return;
        }
        response.on("data", readFrames(heard));
        response.on("error", () => {});
        resolve(reader);
      },
    );
    request.on("error", reject);
  });
}

/** The same over an HTTP/2 session (through nginx, as a browser reaches it). */
export function openLiveStreamH2(
  session: ClientHttp2Session,
  authorization: string,
  lastEventId?: string,
): Promise<LiveStreamReader> {
  return new Promise((resolve, reject) => {
    const stream = session.request({
      ":method": "GET",
      ":path": "/api/live/",
      authorization,
      ...(lastEventId ? { "last-event-id": lastEventId } : {}),
    });
    const heard: HeardEvent[] = [];
    stream.setEncoding("utf8");
    stream.on("data", readFrames(heard));
    stream.on("error", () => {});
    const ended = new Promise<void>((done) => stream.on("close", done));
    stream.once("response", (headers) => {
      resolve({
        status: Number(headers[":status"]),
        body: undefined,
        heard,
        ended,
        next: (what, match) => waitFor(what, () => heard.find(match)),
        close: () => stream.close(),
      });
    });
    stream.once("error", reject);
  });
}
