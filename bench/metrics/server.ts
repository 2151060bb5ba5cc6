// One server of the metrics bench, in its own process: the whole app as main.ts builds it, with metrics `on`
// (its own registry, the request hook, the scrape-time gauges, /metrics on a loopback port of its own) or `off`.
// Reads METRICS_BENCH_DATABASE_URL, METRICS_BENCH_BOT_TOKEN and METRICS_BENCH_SECRET, listens on 127.0.0.1 on a
// free port and prints {port, metricsUrl}.
import { buildApp } from "../../server/src/app.ts";
import { openPostgres } from "../../server/src/db/client.ts";
import { systemClock } from "../../server/src/lib/clock.ts";
import { createMetrics } from "../../server/src/lib/metrics.ts";

const kind = process.argv[2];
const url = process.env.METRICS_BENCH_DATABASE_URL;
const botToken = process.env.METRICS_BENCH_BOT_TOKEN;
const jwtSecret = process.env.METRICS_BENCH_SECRET;
if (!url || !botToken || !jwtSecret) throw new Error("METRICS_BENCH_DATABASE_URL, _BOT_TOKEN and _SECRET");
if (kind !== "on" && kind !== "off") throw new Error(`on or off, not ${kind}`);

const database = await openPostgres(url);
const app = await buildApp({
  db: database.db,
  clock: systemClock,
  jwtSecret,
  webDist: null,
  telegramBotToken: botToken,
  metrics: kind === "on" ? { metrics: createMetrics(), listen: { port: 0, host: "127.0.0.1" } } : undefined,
});
await app.listen({ host: "127.0.0.1", port: 0 });
const address = app.server.address();
const port = typeof address === "object" && address ? address.port : 0;
process.stdout.write(`${JSON.stringify({ port, metricsUrl: app.metricsUrl ?? null })}\n`);
process.once("SIGTERM", () => {
  app
    .close()
    .then(() => database.close())
    .then(
      () => process.exit(0),
      () => process.exit(1),
    );
});
