import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { scratchDatabase } from "../lib/scratch-database.ts";
import { openStreams, staffToken } from "../miniapp/live-streams.ts";
import { SECRET, startServer } from "../miniapp/miniapp-handler.ts";

/**
 * Live staff screens against the market's opening (docs/live.md): the Mini App's rush (bench/bot-market-opens,
 * BENCH_VIA=miniapp: 1,000 clients × 5 adds, concurrency 20) with 0 and with BENCH_LIVE_STREAMS (50) office
 * streams open, alternated for BENCH_ROUNDS rounds (3) so the shared machine's drift falls on both; the rush must
 * keep ≥ 95 % of its taps/s (median of rounds), and a change must reach every stream within 100 ms at p99 during
 * it. Then 1,000 idle streams on one server: what they add to its resident memory (< 50 MB).
 */
const scenario = fileURLToPath(new URL("../bot-market-opens/run.ts", import.meta.url));
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const streams = Number(process.env.BENCH_LIVE_STREAMS ?? 50);
const IDLE_STREAMS = 1000;
const TARGET = { keptRate: 0.95, p99Ms: 100, idleMb: 50 };

type Figures = {
  stepsPerSecond: number;
  p99: number;
  /** The server process's processor time per tap, and the bench process's (which also reads the streams). */
  serverCpuMsPerStep?: number;
  cpuMsPerStep: { process: number };
  live?: { p99Ms: number; missing: number };
};

const loadAverage = () => readFileSync("/proc/loadavg", "utf8").split(" ")[0] ?? "?";

function rush(liveStreams: number): Figures {
  const result = spawnSync(process.execPath, ["--import", "tsx", scenario], {
    env: {
      ...process.env,
      BENCH_VIA: "miniapp",
      BENCH_DB: "postgres",
      BENCH_LIVE_STREAMS: String(liveStreams),
    },
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  });
  const json = result.stdout.slice(result.stdout.indexOf("{"));
  if (!json.trim())
    throw new Error(`the rush with ${liveStreams} streams printed nothing (exit ${result.status})`);
  return JSON.parse(json) as Figures;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

const ratios: number[] = [];
const serverCpu: { without: number[]; with: number[] } = { without: [], with: [] };
const p99s: number[] = [];
let missing = 0;
for (let round = 1; round <= rounds; round++) {
  const load = loadAverage();
  // Which goes first alternates, so a machine growing busier or quieter weighs on both alike.
  let without: Figures;
  let withStreams: Figures;
  if (round % 2 === 1) {
    without = rush(0);
    withStreams = rush(streams);
  } else {
    withStreams = rush(streams);
    without = rush(0);
  }
  const ratio = withStreams.stepsPerSecond / without.stepsPerSecond;
  ratios.push(ratio);
  serverCpu.without.push(without.serverCpuMsPerStep ?? Number.NaN);
  serverCpu.with.push(withStreams.serverCpuMsPerStep ?? Number.NaN);
  p99s.push(withStreams.live?.p99Ms ?? Number.POSITIVE_INFINITY);
  missing += withStreams.live?.missing ?? 0;
  console.log(
    `round ${round} (load ${load}): ${without.stepsPerSecond} taps/s without streams, ${withStreams.stepsPerSecond} with ${streams} (${(ratio * 100).toFixed(0)} %); ` +
      `the server's processor per tap ${without.serverCpuMsPerStep} / ${withStreams.serverCpuMsPerStep} ms, ` +
      `the bench's (it reads the streams) ${without.cpuMsPerStep.process} / ${withStreams.cpuMsPerStep.process} ms; ` +
      `a change on every stream: ${JSON.stringify(withStreams.live)}`,
  );
}

/** Resident memory of a process, in MB. */
function residentMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

const database = await scratchDatabase("postgres", "bench_live_idle", 3);
let idleMb = 0;
try {
  const server = await startServer(database.url ?? "", 3);
  try {
    const token = await staffToken(database.db, SECRET);
    // A first stream and a settled heap, so the figure is what the streams add, not the first request's warm-up.
    const first = await openStreams(server.port, token, 1);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const before = residentMb(server.pid);
    const idle = await openStreams(server.port, token, IDLE_STREAMS);
    await new Promise((resolve) => setTimeout(resolve, 5000));
    idleMb = residentMb(server.pid) - before;
    console.log(
      `${IDLE_STREAMS} idle streams: +${idleMb.toFixed(1)} MB resident (${before.toFixed(0)} MB before)`,
    );
    idle.close();
    first.close();
  } finally {
    await server.close();
  }
} finally {
  await database.drop();
}

const keptRate = median(ratios);
const p99 = Math.max(...p99s);
console.log(
  JSON.stringify({
    streams,
    rounds,
    keptRate: Number(keptRate.toFixed(3)),
    serverCpuMsPerTap: { without: median(serverCpu.without), with: median(serverCpu.with) },
    worstP99Ms: p99,
    missing,
    idleMb: Number(idleMb.toFixed(1)),
  }),
);
if (keptRate < TARGET.keptRate || p99 > TARGET.p99Ms || missing > 0 || idleMb > TARGET.idleMb) {
  console.error(`missed a target: ${JSON.stringify(TARGET)}`);
  process.exitCode = 1;
}
