// One server of the health bench, in its own process: `app` (the whole application from buildApp, as
// main.ts builds it), `fastify` (bare Fastify, one route answering after the app's database check through a pg
// pool) or `http` (bare node:http, the same). Reads HEALTH_DATABASE_URL, listens on 127.0.0.1 on a free port and
// prints it. HEALTH_CHECK sets the references' statement (default: the app's, `show transaction_read_only`).
import { createServer } from "node:http";
import Fastify from "fastify";
import pg from "pg";
import { buildApp } from "../../server/src/app.ts";
import { openPostgres } from "../../server/src/db/client.ts";
import { systemClock } from "../../server/src/lib/clock.ts";

const kind = process.argv[2];
const url = process.env.HEALTH_DATABASE_URL;
if (!url) throw new Error("HEALTH_DATABASE_URL is not set");

/** The statement the app's health check sends (`isDatabaseWritable`): the references send the same. */
const CHECK = process.env.HEALTH_CHECK ?? "show transaction_read_only";

/** The references use a pool of the app's size (10) and the same session setting. */
const referencePool = () => new pg.Pool({ connectionString: url, max: 10, options: "-c TimeZone=UTC" });

async function listen(): Promise<{ port: number; close: () => Promise<void> }> {
  if (kind === "app") {
    const database = await openPostgres(url as string);
    const app = await buildApp({
      db: database.db,
      clock: systemClock,
      jwtSecret: "h".repeat(48),
      webDist: null,
    });
    await app.listen({ host: "127.0.0.1", port: 0 });
    const address = app.server.address();
    return {
      port: typeof address === "object" && address ? address.port : 0,
      close: async () => {
        await app.close();
        await database.close();
      },
    };
  }
  if (kind === "fastify") {
    const pool = referencePool();
    const app = Fastify();
    app.get("/api/health", async () => {
      await pool.query(CHECK);
      return { status: "ok" };
    });
    await app.listen({ host: "127.0.0.1", port: 0 });
    const address = app.server.address();
    return {
      port: typeof address === "object" && address ? address.port : 0,
      close: async () => {
        await app.close();
        await pool.end();
      },
    };
  }
  if (kind === "http") {
    const pool = referencePool();
    const server = createServer((req, res) => {
      if (req.url !== "/api/health") {
        res.writeHead(404).end();
        return;
      }
      pool.query(CHECK).then(
        () => {
          res.writeHead(200, { "content-type": "application/json; charset=utf-8" });
          res.end('{"status":"ok"}');
        },
        () => res.writeHead(503).end(),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const address = server.address();
    return {
      port: typeof address === "object" && address ? address.port : 0,
      close: async () => {
        await new Promise<void>((resolve) => server.close(() => resolve()));
        await pool.end();
      },
    };
  }
  throw new Error(`unknown server kind: ${kind}`);
}

const server = await listen();
process.stdout.write(`${JSON.stringify({ port: server.port })}\n`);
// The bench ends a server with SIGTERM: closing cleanly lets --cpu-prof write its profile.
process.once("SIGTERM", () => {
  server.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
});
