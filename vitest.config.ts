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
  },
});

// The server suite runs on embedded PGlite always, and again on PostgreSQL when TEST_DATABASE_URL is set.
const projects: TestProjectInlineConfiguration[] = [serverProject("server-pglite", { TEST_DB: "pglite" })];
if (process.env.TEST_DATABASE_URL) projects.push(serverProject("server-pg", { TEST_DB: "postgres" }));

projects.push(
  // The root scripts (npm start's build check) are plain Node modules tested on a temporary tree.
  { test: { name: "scripts", include: ["scripts/**/*.test.mjs"], environment: "node" } },
  // The build's output against its budgets: runs after `npm run build`, as npm test does.
  { test: { name: "web-build", include: ["web/*.test.ts"], environment: "node" } },
  {
    plugins: [react()],
    test: {
      name: "web",
      include: ["web/src/**/*.test.{ts,tsx}"],
      environment: "jsdom",
      setupFiles: ["web/test/setup.ts"],
      // A ceiling for a loaded machine, as the server's: a component test waits for what it shows.
      testTimeout: 120_000,
    },
  },
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
