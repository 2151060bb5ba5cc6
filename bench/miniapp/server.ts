import { buildApp } from "../../server/src/app.ts";
import { openPostgres } from "../../server/src/db/client.ts";
import { systemClock } from "../../server/src/lib/clock.ts";

/**
 * The Mini App bench's server: the whole app in a process of its own, as in production, so the load
 * generator's HTTP client does not share its event loop. Prints its port, then serves until killed.
 */
const url = process.env.BENCH_SERVER_DATABASE_URL;
const botToken = process.env.BENCH_SERVER_BOT_TOKEN;
const jwtSecret = process.env.BENCH_SERVER_JWT_SECRET;
if (!url || !botToken || !jwtSecret) throw new Error("BENCH_SERVER_DATABASE_URL, _BOT_TOKEN and _JWT_SECRET");
const database = await openPostgres(url, { max: Number(process.env.BENCH_SERVER_POOL_SIZE ?? 10) });
const app = await buildApp({
  db: database.db,
  clock: systemClock,
  jwtSecret,
  webDist: null,
  telegramBotToken: botToken,
});
await app.listen({ host: "127.0.0.1", port: 0 });
const address = app.server.address();
console.log(JSON.stringify({ port: typeof address === "object" && address ? address.port : 0 }));
process.on("SIGTERM", () => {
  void app
    .close()
    .then(() => database.close())
    .then(() => process.exit(0));
});
