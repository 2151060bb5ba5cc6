// A Vitest reporter for `npm run bench:test-start`: for each test file, when Vitest started it (from the test
// process's start, the global setup included) and how long after that its first test passed, the database
// copy and the imports it waited for included. Figures in bench/RESULTS.md.
import { readFileSync } from "node:fs";
import { relative } from "node:path";
import type { Reporter, TestCase, TestModule } from "vitest/node";

const now = () => Math.round(performance.now());
const loadAverage = () => readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");

export default class FirstAssertion implements Reporter {
  private readonly started = new Map<string, number>();
  private readonly firstPassed = new Map<string, number>();
  private readonly loadAtStart = loadAverage();

  onTestModuleStart(module: TestModule) {
    this.started.set(module.moduleId, now());
  }

  onTestCaseResult(test: TestCase) {
    const id = test.module.moduleId;
    if (!this.firstPassed.has(id) && test.result().state === "passed") this.firstPassed.set(id, now());
  }

  onTestRunEnd() {
    const lines = [...this.started].map(([id, start]) => {
      const passed = this.firstPassed.get(id);
      const after = passed === undefined ? "no test passed" : `first test passed ${passed - start} ms after`;
      return `  ${relative(process.cwd(), id)}: started ${start} ms into the run, ${after}`;
    });
    process.stdout.write(
      `\nfirst assertions (load average ${this.loadAtStart} at the start, ${loadAverage()} at the end):\n` +
        `${lines.join("\n")}\n`,
    );
  }
}
