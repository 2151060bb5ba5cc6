import { spawn } from "node:child_process";
import http from "node:http";
import { fileURLToPath } from "node:url";
import type { Db } from "../../server/src/db/client.ts";
import { clients, preparedListLines } from "../../server/src/db/schema/index.ts";
import { toKopecks } from "../../server/src/modules/ordering/index.ts";
import { launchData } from "../../server/src/test/launch-data.ts";
import { processCpuMs } from "../lib/cpu.ts";
import type { Step } from "../lib/step.ts";
import { leanClient } from "./lean-client.ts";
import { watchLiveStreams } from "./live-streams.ts";

export const BOT_TOKEN = "424242:bench-mini-app-bot-token";
export const SECRET = "bench-secret-bench-secret-bench-secret-0123456789";
const SESSION_CONCURRENCY = 20;

/** The whole app (bench/miniapp/server.ts) in its own process on the bench's database. */
export async function startServer(databaseUrl: string, poolSize: number) {
  const script = fileURLToPath(new URL("server.ts", import.meta.url));
  // BENCH_SERVER_NODE_ARGS: flags for the server's node, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile it.
  const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(" ").filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeArgs, "--import", "tsx", script], {
    env: {
      ...process.env,
      BENCH_SERVER_DATABASE_URL: databaseUrl,
      BENCH_SERVER_POOL_SIZE: String(poolSize),
      BENCH_SERVER_BOT_TOKEN: BOT_TOKEN,
      BENCH_SERVER_JWT_SECRET: SECRET,
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let out = "";
    child.stdout.on("data", (chunk) => {
      out += chunk;
      const line = out.split("\n").find((l) => l.startsWith("{"));
      if (line) resolve((JSON.parse(line) as { port: number }).port);
    });
    child.once("exit", (code) => reject(new Error(`the bench server exited (${code})`)));
  });
  return {
    port,
    pid: child.pid ?? 0,
    cpuMs: () => (child.pid ? processCpuMs(child.pid) : 0),
    close: () =>
      new Promise<void>((resolve) => {
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

/**
 * BENCH_VIA=miniapp: the whole server in a process of its own on loopback (as in production: the clients are
 * phones, not the server's event loop), and each step an HTTP `POST /api/app/positions/` with the client's
 * token and the price its screen showed, over keep-alive connections, as the Mini App sends it. Every client
 * opens its session first (signed launch data → client token) and reads its order, as the page does when
 * Telegram opens it before the market opens; that is timed apart. The steps go through a lean keep-alive client (lean-client.ts)
 * so the load generator takes little of the cores the server needs. The server's CPU per step is reported
 * beside the figures.
 */
export async function miniAppHandler(db: Db, databaseUrl: string, poolSize: number, concurrency: number) {
  const server = await startServer(databaseUrl, poolSize);
  // The sessions (timed apart) go through node:http; the measured steps through the lean client below.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const call = (method: "GET" | "POST", path: string, body: unknown, token?: string) =>
    new Promise<{ status: number; text: string }>((resolve, reject) => {
      const payload = body === undefined ? "" : JSON.stringify(body);
      const request = http.request(
        {
          agent,
          host: "127.0.0.1",
          port: server.port,
          method,
          path: `/api/app/${path}`,
          headers: {
            ...(body === undefined
              ? {}
              : { "content-type": "application/json", "content-length": Buffer.byteLength(payload) }),
            ...(token ? { authorization: `Bearer ${token}` } : {}),
          },
        },
        (response) => {
          let text = "";
          response.setEncoding("utf8");
          response.on("data", (chunk: string) => {
            text += chunk;
          });
          response.on("end", () => resolve({ status: response.statusCode ?? 0, text }));
          response.on("error", reject);
        },
      );
      request.on("error", reject);
      request.end(payload);
    });

  const rows = await db.select({ id: clients.id, telegramId: clients.telegramId }).from(clients);
  const tokens = new Map<number, string>();
  const started = performance.now();
  let cursor = 0;
  await Promise.all(
    Array.from({ length: SESSION_CONCURRENCY }, async () => {
      for (let row = rows[cursor++]; row; row = rows[cursor++]) {
        const res = await call("POST", "session/", {
          init_data: launchData(row.telegramId ?? 0, { botToken: BOT_TOKEN, authDate: new Date() }),
        });
        const body = JSON.parse(res.text) as { status: string; token?: string };
        if (body.status !== "client" || !body.token) throw new Error(`no session for client ${row.id}`);
        tokens.set(row.id, body.token);
        // The page reads «Мой заказ» as it opens (web/src/miniapp/App.tsx), before the market opens.
        const order = await call("GET", "order/", undefined, body.token);
        if (order.status !== 200) throw new Error(`no order for client ${row.id}: ${order.status}`);
      }
    }),
  );
  const sessionSeconds = (performance.now() - started) / 1000;
  // BENCH_LIVE_STREAMS: office screens watching the rush live (bench/live/run.ts compares 0 with 50).
  const liveStreams = Number(process.env.BENCH_LIVE_STREAMS ?? 0);
  const live =
    liveStreams > 0 ? await watchLiveStreams(db, databaseUrl, server.port, liveStreams, SECRET) : undefined;
  const client = leanClient(server.port, concurrency);
  const serverCpuAtStart = server.cpuMs();
  let steps = 0;

  const handle = async ({ clientId, modificationId, quantity, price }: Step) => {
    const status = await client.post(
      "/api/app/positions/",
      JSON.stringify({ modification: modificationId, quantity, price_kopecks: toKopecks(price) }),
      tokens.get(clientId) ?? "",
    );
    steps++;
    if (status !== 201 && status !== 409) throw new Error(`unexpected ${status}`);
    return { accepted: status === 201 };
  };
  /**
   * BENCH_VIA=miniapp-list: each client's steps are its prepared list, written before the opening
   * (a modification's steps in one line, at the price of their sum), and the measured call is one
   * `POST /api/app/list/send/` per client, answered line by line.
   */
  const prepare = async (lists: Step[][]) => {
    const rows = lists.flatMap((list) => {
      const lines = new Map<number, Step>();
      for (const step of list) {
        const held = lines.get(step.modificationId);
        lines.set(step.modificationId, held ? { ...step, quantity: held.quantity + step.quantity } : step);
      }
      return [...lines.values()].map((line, place) => ({
        clientId: line.clientId,
        modificationId: line.modificationId,
        quantity: line.quantity,
        confirmedPrice: line.price,
        place,
      }));
    });
    for (let i = 0; i < rows.length; i += 1000)
      await db.insert(preparedListLines).values(rows.slice(i, i + 1000));
  };
  const sendList = async (clientId: number) => {
    const res = await call(
      "POST",
      "list/send/",
      { idempotency_key: crypto.randomUUID() },
      tokens.get(clientId),
    );
    if (res.status !== 200) throw new Error(`unexpected ${res.status}: ${res.text}`);
    const results = (JSON.parse(res.text) as { results: { status: string }[] }).results;
    steps += results.length;
    return results.map((r) => ({ accepted: r.status === "added" }));
  };
  const extra: Record<string, unknown> = {
    sessions: rows.length,
    sessionSeconds: Number(sessionSeconds.toFixed(2)),
  };
  return Object.assign(handle, {
    extra,
    prepare,
    sendList,
    close: async () => {
      if (live) extra.live = await live.close();
      extra.serverCpuMsPerStep = Number(
        ((server.cpuMs() - serverCpuAtStart) / Math.max(1, steps)).toFixed(2),
      );
      agent.destroy();
      client.close();
      await server.close();
    },
  });
}
