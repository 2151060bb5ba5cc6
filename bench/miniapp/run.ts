import { execFileSync, spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

/**
 * «Market opens» through the Mini App's HTTP API and through the chat bot, one after the other in one run,
 * each on its own scratch PostgreSQL database (bench/bot-market-opens/run.ts with BENCH_VIA=miniapp, then
 * BENCH_VIA=bot): 1,000 clients × 5 adds at concurrency 20 the moment the market opens. Prints both figures
 * and the machine's load (`uptime`) before and after, for bench/RESULTS.md. Fails when the Mini App path
 * misses its targets (≥ 400 accepted positions/s, p99 ≤ 250 ms, nothing oversold, stock exact).
 */
const scenario = fileURLToPath(new URL("../bot-market-opens/run.ts", import.meta.url));
const uptime = () => execFileSync("uptime", { encoding: "utf8" }).trim();

type Figures = {
  via: string;
  acceptedPerSecond: number;
  p50: number;
  p99: number;
  oversoldUnits: number;
  modificationsWithInexactStock: number;
  [key: string]: unknown;
};

function run(via: "miniapp" | "bot"): Figures {
  const result = spawnSync(process.execPath, ["--import", "tsx", scenario], {
    env: { ...process.env, BENCH_VIA: via, BENCH_DB: "postgres" },
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  });
  const json = result.stdout.slice(result.stdout.indexOf("{"));
  if (!json.trim()) throw new Error(`the ${via} run printed nothing (exit ${result.status})`);
  return JSON.parse(json) as Figures;
}

const loadBefore = uptime();
const miniapp = run("miniapp");
const loadBetween = uptime();
const bot = run("bot");
const loadAfter = uptime();
console.log(
  JSON.stringify(
    { miniapp, bot, load: { before: loadBefore, between: loadBetween, after: loadAfter } },
    null,
    2,
  ),
);

const misses = [
  miniapp.acceptedPerSecond < 400 && `accepted/s ${miniapp.acceptedPerSecond} < 400`,
  miniapp.p99 > 250 && `p99 ${miniapp.p99} ms > 250 ms`,
  miniapp.oversoldUnits > 0 && `${miniapp.oversoldUnits} units oversold`,
  miniapp.modificationsWithInexactStock > 0 && `${miniapp.modificationsWithInexactStock} stocks inexact`,
].filter(Boolean);
if (misses.length > 0) {
  console.error(`Mini App path missed: ${misses.join(", ")}`);
  process.exitCode = 1;
}
