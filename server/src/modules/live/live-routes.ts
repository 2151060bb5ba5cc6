import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { decodeJwt } from "jose";
import type { Db } from "../../db/client.ts";
import { accountForToken, bearerToken } from "../../http/auth.ts";
import { AppError } from "../../http/errors.ts";
import type { TokenService } from "../../http/tokens.ts";
import type { Clock } from "../../lib/clock.ts";
import type { LiveHub } from "./live-hub.ts";

/** A page that cannot keep up (a dead connection the kernel still buffers for) is dropped past this. */
const MAX_BUFFERED_BYTES = 256 * 1024;
/** How soon the browser's reconnection is tried after a stream ends (SSE `retry:`). */
const RETRY_MS = 2_000;

/**
 * `GET /api/live/`: the changes staff screens show, as server-sent events, for as long as the access token lives
 * (the page reconnects with a fresh one and is sent what it missed). Refused with 503 when this instance holds
 * its ceiling of streams: the page then polls, as it does with no stream at all.
 */
export const liveRoutes: FastifyPluginAsyncZod<{
  db: Db;
  clock: Clock;
  tokens: TokenService;
  live: LiveHub;
}> = async (app, { db, clock, tokens, live }) => {
  app.get(
    "/live",
    { config: { access: "authenticated" }, schema: { hide: true } },
    async (request, reply) => {
      const account = request.account;
      const token = bearerToken(request);
      if (!account || !token)
        throw new AppError("not_authenticated", "Учетные данные не были предоставлены.");
      if (!live.hasRoom()) {
        throw new AppError("unavailable", "Слишком много открытых экранов: данные обновляются по таймеру");
      }
      const expiresAtMs = (decodeJwt(token).exp ?? 0) * 1000;
      const lastEventId = request.headers["last-event-id"];

      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        "content-type": "text/event-stream; charset=utf-8",
        "cache-control": "no-cache, no-transform",
        // nginx passes the stream on as it is written rather than buffering it.
        "x-accel-buffering": "no",
      });
      raw.write(`retry: ${RETRY_MS}\n\n`);

      let ended = false;
      const end = () => {
        if (ended) return;
        ended = true;
        clearTimeout(expiry);
        close();
        raw.end();
      };
      const close = live.open(
        {
          accountId: account.id,
          permissions: account.permissions,
          write(frame) {
            if (ended || raw.destroyed || raw.writableLength > MAX_BUFFERED_BYTES) return false;
            raw.write(frame);
            return true;
          },
          end,
          async recheck() {
            const now = await accountForToken(db, tokens, token, "access");
            if (!now) return false;
            this.permissions = now.permissions;
            return true;
          },
        },
        typeof lastEventId === "string" ? lastEventId : undefined,
      );
      // The token's end is the stream's: a stream outliving its token would outlive a sign-out too.
      const expiry = setTimeout(end, Math.max(0, expiresAtMs - clock.now().getTime()));
      raw.on("close", end);
    },
  );
};
