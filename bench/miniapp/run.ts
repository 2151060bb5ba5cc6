import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/**
 * «Market opens» side by side: the floor (pg alone, bench/bot-market-opens/floor-handler.ts: plainly, and with
 * its statements prepared), the Mini App's HTTP API and the chat bot's `bot.handleUpdate`, alternated in one
 * window for BENCH_ROUNDS rounds (3), each run on its own scratch PostgreSQL database
 * (bench/bot-market-opens/run.ts): 1,000 clients × 5 adds at concurrency 20, pool 5, the moment the market
 * opens. The machine is shared, so a path's rate means something only beside the floor measured in the same
 * round: each is printed as a ratio to both floors, with the load average before each run, and beside it the
 * ratio of CPU a step takes (the floor's to the path's), which the machine's other work hardly moves. Fails
 * when a round misses a target (against the plain floor): the Mini App at ≥ 70 % of the floor's
 * steps/s, the bot at ≥ 50 %, p99 ≤ 100 ms, the Mini App's server under 0.8 ms of CPU a step, nothing
 * oversold, stocks exact.
 */
const scenario = fileURLToPath(new URL("../bot-market-opens/run.ts", import.meta.url));
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const PATHS = ["floor", "floor-prepared", "miniapp", "bot"] as const;
type Path = (typeof PATHS)[number];
const TARGET: Partial<Record<Path, number>> & { p99: number; miniappCpu: number } = {
  miniapp: 0.7,
  bot: 0.5,
  p99: 100,
  miniappCpu: 0.8,
};

type Figures = {
  via: string;
  stepsPerSecond: number;
  acceptedPerSecond: number;
  p50: number;
  p99: number;
  cpuMsPerStep: { process: number; postgres: number };
  serverCpuMsPerStep?: number;
  oversoldUnits: number;
  modificationsWithInexactStock: number;
  [key: string]: unknown;
};

/** The machine's load average over the last minute, noted before each run. */
const loadAverage = () => readFileSync("/proc/loadavg", "utf8").split(" ")[0] ?? "?";

function run(via: Path): Figures {
  const result = spawnSync(process.execPath, ["--import", "tsx", scenario], {
    env: { ...process.env, BENCH_VIA: via, BENCH_DB: "postgres" },
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  });
  const json = result.stdout.slice(result.stdout.indexOf("{"));
  if (!json.trim()) throw new Error(`the ${via} run printed nothing (exit ${result.status})`);
  return JSON.parse(json) as Figures;
}

/** The CPU of the process that served the steps: the Mini App's server, or the bench's own (bot, floor). */
const serverCpu = (f: Figures) => f.serverCpuMsPerStep ?? f.cpuMsPerStep.process;
/**
 * Every CPU a step took on the machine: the serving process, the load generator (the Mini App's; the others run
 * in it), PostgreSQL's backends. Unlike steps/s it hardly moves with the other work on a shared machine, so
 * its ratio to the floor's says what the rates would say on a machine of one's own, where CPU is the limit.
 */
const machineCpu = (f: Figures) =>
  (f.serverCpuMsPerStep === undefined ? 0 : f.serverCpuMsPerStep) +
  f.cpuMsPerStep.process +
  f.cpuMsPerStep.postgres;

const rows: Record<string, string | number>[] = [];
const misses: string[] = [];
for (let round = 1; round <= rounds; round++) {
  const figures = {} as Record<Path, Figures>;
  for (const path of PATHS) {
    const load = loadAverage();
    figures[path] = run(path);
    const f = figures[path];
    const ratio = f.stepsPerSecond / figures.floor.stepsPerSecond;
    const prepared = figures["floor-prepared"];
    rows.push({
      round,
      path,
      load,
      "steps/s": f.stepsPerSecond,
      "of floor": `${Math.round(ratio * 100)} %`,
      "of prepared floor": prepared
        ? `${Math.round((f.stepsPerSecond / prepared.stepsPerSecond) * 100)} %`
        : "",
      "accepted/s": f.acceptedPerSecond,
      "p50 ms": f.p50,
      "p99 ms": f.p99,
      "server CPU ms/step": serverCpu(f),
      "PostgreSQL CPU ms/step": f.cpuMsPerStep.postgres,
      "floor's CPU / its": `${Math.round((machineCpu(figures.floor) / machineCpu(f)) * 100)} %`,
      oversold: f.oversoldUnits,
      "stock exact": f.modificationsWithInexactStock === 0 ? "yes" : "no",
    });
    console.error(JSON.stringify(rows.at(-1)));
    if (f.oversoldUnits > 0 || f.modificationsWithInexactStock > 0)
      misses.push(`round ${round} ${path}: oversold or inexact stock`);
    const target = TARGET[path];
    if (target !== undefined) {
      if (ratio < target) misses.push(`round ${round} ${path}: ${Math.round(ratio * 100)} % of the floor`);
      if (f.p99 > TARGET.p99) misses.push(`round ${round} ${path}: p99 ${f.p99} ms`);
    }
    if (path === "miniapp" && serverCpu(f) > TARGET.miniappCpu)
      misses.push(`round ${round} miniapp: ${serverCpu(f)} ms of server CPU a step`);
  }
}
console.table(rows);
if (misses.length > 0) {
  console.error(`Missed: ${misses.join("; ")}`);
  process.exitCode = 1;
}
