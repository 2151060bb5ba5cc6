import type { AddressInfo } from "node:net";
import { buildApp } from "../../server/src/app.ts";
import type { Db } from "../../server/src/db/client.ts";
import { clients } from "../../server/src/db/schema/index.ts";
import { systemClock } from "../../server/src/lib/clock.ts";
import { toKopecks } from "../../server/src/modules/ordering/index.ts";
import { launchData } from "../../server/src/test/launch-data.ts";
import type { Step } from "../bot-market-opens/run.ts";

const BOT_TOKEN = "424242:bench-mini-app-bot-token";
const SECRET = "bench-secret-bench-secret-bench-secret-0123456789";
const SESSION_CONCURRENCY = 20;

/**
 * BENCH_VIA=miniapp: the whole server (buildApp) listening on loopback, and each step an HTTP
 * `POST /api/app/positions/` with the client's token and the price its screen showed, over keep-alive
 * connections, as the Mini App sends it. Every client opens its session first (signed launch data → client
 * token), as the page does when Telegram opens it before the market opens; that is timed apart.
 */
export async function miniAppHandler(db: Db) {
  const app = await buildApp({
    db,
    clock: systemClock,
    jwtSecret: SECRET,
    webDist: null,
    telegramBotToken: BOT_TOKEN,
  });
  await app.listen({ host: "127.0.0.1", port: 0 });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/app`;

  const rows = await db.select({ id: clients.id, telegramId: clients.telegramId }).from(clients);
  const tokens = new Map<number, string>();
  const started = performance.now();
  let cursor = 0;
  await Promise.all(
    Array.from({ length: SESSION_CONCURRENCY }, async () => {
      for (let row = rows[cursor++]; row; row = rows[cursor++]) {
        const res = await fetch(`${base}/session/`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({
            init_data: launchData(row.telegramId ?? 0, { botToken: BOT_TOKEN, authDate: new Date() }),
          }),
        });
        const body = (await res.json()) as { status: string; token?: string };
        if (body.status !== "client" || !body.token) throw new Error(`no session for client ${row.id}`);
        tokens.set(row.id, body.token);
      }
    }),
  );
  const sessionSeconds = (performance.now() - started) / 1000;

  const handle = async ({ clientId, modificationId, quantity, price }: Step) => {
    const res = await fetch(`${base}/positions/`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${tokens.get(clientId)}` },
      body: JSON.stringify({ modification: modificationId, quantity, price_kopecks: toKopecks(price) }),
    });
    await res.arrayBuffer();
    if (res.status !== 201 && res.status !== 409) throw new Error(`unexpected ${res.status}`);
    return { accepted: res.status === 201 };
  };
  return Object.assign(handle, {
    extra: { sessions: rows.length, sessionSeconds: Number(sessionSeconds.toFixed(2)) },
    close: () => app.close(),
  });
}
