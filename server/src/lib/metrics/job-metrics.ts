import { Counter, type Registry } from "prom-client";
import { PREFIX } from "./instruments.ts";

/** The background jobs' runs; returns how a run is counted. */
export function createJobMetrics(registry: Registry): (job: string, outcome: "ok" | "failed") => void {
  const jobRuns = new Counter({
    name: `${PREFIX}job_runs_total`,
    help: "Background job runs, by job and outcome (ok, failed)",
    labelNames: ["job", "outcome"] as const,
    registers: [registry],
  });
  return (job, outcome) => {
    jobRuns.inc({ job, outcome });
  };
}
