// A Vitest reporter beside the default one: when a run ends it prints one line per project (server-pglite,
// server-pg, web, …) with its files, its failures and its wall time (its first file's start to its last file's
// end; projects run side by side, so the lines overlap), and the slowest files, so a slow or hanging phase
// shows at once in CI's log.
import { relative } from "node:path";

const seconds = (ms) => `${(ms / 1000).toFixed(0)} s`;

export default class PhaseReporter {
  projects = new Map();
  files = [];

  onTestModuleStart(module) {
    const name = module.project.name;
    const project = this.projects.get(name) ?? { start: Date.now(), end: 0, files: 0, failed: 0 };
    this.projects.set(name, project);
  }

  onTestModuleEnd(module) {
    const project = this.projects.get(module.project.name);
    if (!project) return;
    project.end = Date.now();
    project.files += 1;
    if (module.state() === "failed") project.failed += 1;
    const file = relative(process.cwd(), module.moduleId);
    this.files.push({ name: `${module.project.name} ${file}`, ms: module.diagnostic().duration });
  }

  onTestRunEnd() {
    const lines = [...this.projects].map(
      ([name, p]) => `phase ${name}: ${p.files} files, ${p.failed} failed, ${seconds(p.end - p.start)} wall`,
    );
    const slowest = this.files
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 5)
      .map((f) => `  ${seconds(f.ms)}  ${f.name}`);
    process.stdout.write(`\n${lines.join("\n")}\nslowest files:\n${slowest.join("\n")}\n`);
  }
}
