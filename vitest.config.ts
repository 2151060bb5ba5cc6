import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig, type TestProjectInlineConfiguration } from "vitest/config";

const serverProject = (name: string, env: Record<string, string>): TestProjectInlineConfiguration => ({
  test: {
    name,
    include: ["server/src/**/*.test.ts", "contract/src/**/*.test.ts"],
    environment: "node",
    env,
    globalSetup: ["server/src/test/global-setup.ts"],
    // Ceilings for a starved machine (a CPU hog on every core, more workers than cores), not expectations:
    // a test waits for outcomes (`server/src/test/wait.ts`, 90 s at most each) and names what did not happen;
    // a test may wait more than once, and no test sets a lower ceiling of its own.
    testTimeout: 240_000,
    hookTimeout: 240_000,
    // A worker runs its files one after another in one module graph instead of importing the app (and PGlite's
    // WebAssembly) again for each: the PGlite suite took 334 s of wall time and 654 s of CPU isolated, 203 s
    // and 394 s so (bench/RESULTS.md). Files share no state: each opens its own database and app, nothing is
    // mocked at module level, and a file that fakes timers or spies on the console restores them.
    isolate: false,
  },
});

/**
 * The web's component tests run as the server's do, a worker's files in one module graph (131 s of wall time
 * and 258 s of CPU isolated, 79 s and 155 s so), except the files that replace a module with `vi.mock`: a
 * module another file imported first would stay the real one, so those run isolated, found by their text.
 */
const webSource = fileURLToPath(new URL("web/src/", import.meta.url));
const webFilesMockingModules = readdirSync(webSource, { recursive: true, encoding: "utf8" })
  .filter((file) => /\.test\.tsx?$/.test(file) && /\bvi\.mock\(/.test(readFileSync(webSource + file, "utf8")))
  .map((file) => `web/src/${file}`);

function webProject(
  name: string,
  files: { include: string[]; exclude?: string[]; isolate: boolean },
): TestProjectInlineConfiguration {
  return {
    plugins: [react()],
    test: {
      name,
      include: files.include,
      exclude: files.exclude,
      isolate: files.isolate,
      environment: "jsdom",
      setupFiles: ["web/test/setup.ts"],
      // A ceiling for a loaded machine, as the server's: a component test waits for what it shows.
      testTimeout: 120_000,
    },
  };
}

// The server suite runs on embedded PGlite always, and again on PostgreSQL when TEST_DATABASE_URL is set.
const projects: TestProjectInlineConfiguration[] = [serverProject("server-pglite", { TEST_DB: "pglite" })];
if (process.env.TEST_DATABASE_URL) projects.push(serverProject("server-pg", { TEST_DB: "postgres" }));

projects.push(
  // The root scripts (npm start's build check) are plain Node modules tested on a temporary tree.
  { test: { name: "scripts", include: ["scripts/**/*.test.mjs"], environment: "node" } },
  // The build's output against its budgets: runs after `npm run build`, as npm test does.
  { test: { name: "web-build", include: ["web/*.test.ts"], environment: "node" } },
  webProject("web", {
    include: ["web/src/**/*.test.{ts,tsx}"],
    exclude: webFilesMockingModules,
    isolate: false,
  }),
  ...(webFilesMockingModules.length > 0
    ? [webProject("web-mocks", { include: webFilesMockingModules, isolate: true })]
    : []),
  {
    test: {
      name: "e2e",
      include: ["e2e/**/*.test.ts"],
      environment: "node",
      globalSetup: ["e2e/global-setup.ts"],
      // One browser at a time: the machine has two cores and the app runs beside it.
      fileParallelism: false,
      testTimeout: 60_000,
      hookTimeout: 120_000,
    },
  },
);

export default defineConfig({
  test: {
    projects,
    // One line per project with its wall time, and the slowest files, after the usual report.
    reporters: ["default", "./scripts/phase-reporter.mjs"],
    // Four workers on the two cores: server test files spend much of their time waiting (the database, the fake
    // Bot API, a delivery's pacing), so two left the CPU half idle. Measured on a quiet machine, the same run of
    // both server databases and the web took 610 s with two workers and 397 s with four (bench/RESULTS.md).
    maxWorkers: 4,
  },
});
