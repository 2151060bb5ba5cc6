import http from "node:http";
import { type TLiveEvent, ZLiveEventSchema } from "@wholesale/contract";
import { waitFor } from "./wait.ts";

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
        let buffer = "";
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
          response.on("data", (chunk: string) => {
            buffer += chunk;
          });
          response.on("end", () => {
            reader.body = JSON.parse(buffer);
            resolve(reader);
          });
          return;
        }
        response.on("data", (chunk: string) => {
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
        });
        response.on("error", () => {});
        resolve(reader);
      },
    );
    request.on("error", reject);
  });
}
