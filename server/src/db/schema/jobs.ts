import { pgTable, primaryKey, varchar } from "drizzle-orm/pg-core";
import { moment } from "./columns.ts";

/**
 * Claims of periodic jobs: a job inserts (name, run_key) before it runs, and only the instance whose
 * insert succeeded does the work, so "once a day" stays once with several instances.
 */
export const jobRuns = pgTable(
  "job_runs",
  {
    name: varchar("name", { length: 64 }).notNull(),
    runKey: varchar("run_key", { length: 64 }).notNull(),
    startedAt: moment("started_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.name, t.runKey] })],
);
