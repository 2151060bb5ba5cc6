// `npm run test:starved`: the server suite on a starved machine, as a newcomer's busy laptop or a shared CI
// runner gives it. A busy loop runs on every core for the whole time, and Vitest runs its usual four workers
// (more than this machine's cores), so every test competes for the CPU. The suite must pass anyway: tests wait
// for outcomes, never for a fixed time (server/src/test/wait.ts).
//
//   npm run test:starved                      5 runs in a row, PGlite, and PostgreSQL when TEST_DATABASE_URL is set
//   npm run test:starved -- --runs 1          one run
//   npm run test:starved -- <vitest filters>  only some files (e.g. server/src/bot/delivery)
//
// It stops at the first failing run, prints each run's wall time, and exits non-zero on a failure.
import { spawn } from "node:child_process";
import { availableParallelism } from "node:os";

const args = process.argv.slice(2);
const runsAt = args.indexOf("--runs");
const runs = runsAt >= 0 ? Number(args[runsAt + 1]) : 5;
const filters = args.filter((_, i) => i !== runsAt && i !== runsAt + 1);
const projects = ["--project", "server-pglite"];
if (process.env.TEST_DATABASE_URL) projects.push("--project", "server-pg");

const hogs = Array.from({ length: availableParallelism() }, () =>
  spawn(process.execPath, ["-e", "for (;;);"], { stdio: "ignore" }),
);
const stopHogs = () => {
  for (const hog of hogs) hog.kill("SIGKILL");
};
process.on("exit", stopHogs);
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    stopHogs();
    process.exit(130);
  });
}

const runOnce = () =>
  new Promise((resolve) => {
    const vitest = spawn("npx", ["vitest", "run", ...projects, ...filters], { stdio: "inherit" });
    vitest.on("exit", (code) => resolve(code ?? 1));
  });

console.log(
  `${hogs.length} busy loops on ${availableParallelism()} cores; ${runs} runs of ${projects.join(" ")}`,
);
const results = [];
for (let run = 1; run <= runs; run++) {
  const started = Date.now();
  const code = await runOnce();
  const seconds = Math.round((Date.now() - started) / 1000);
  results.push(`run ${run}: ${code === 0 ? "passed" : `failed (${code})`} in ${seconds} s`);
  console.log(`starved ${results.at(-1)}`);
  if (code !== 0) break;
}
stopHogs();
console.log(`\n${results.join("\n")}`);
process.exit(results.length === runs && results.every((r) => r.includes("passed")) ? 0 : 1);
