import { Histogram, type Registry } from "prom-client";
import { PREFIX } from "./instruments.ts";

/**
 * The methods the app answers as themselves. Node parses 34 (PROPFIND, M-SEARCH…), which anyone may send: each
 * would otherwise be a series of its own per status class under `unmatched`, so the rest count as `_OTHER`.
 */
const HTTP_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/** The HTTP requests answered and how long each took. */
export function createHttpMetrics(registry: Registry) {
  const httpDuration = new Histogram({
    name: `${PREFIX}http_request_duration_seconds`,
    help: "HTTP requests answered, by method, route template and status class, and how long each took",
    labelNames: ["method", "route", "status_class"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  return {
    /** The request's duration under its route template (`/api/sales/orders/:id/`), never its URL. */
    observeRequest(method: string, route: string | undefined, statusCode: number, seconds: number): void {
      httpDuration.observe(
        {
          method: HTTP_METHODS.has(method) ? method : "_OTHER",
          route: route ?? "unmatched",
          status_class: `${Math.floor(statusCode / 100)}xx`,
        },
        seconds,
      );
    },
  };
}
