import { readdirSync, readFileSync } from "node:fs";

/** Clock ticks per second of /proc's utime and stime: 100 on every Linux this runs on. */
const TICKS_PER_SECOND = 100;

/** CPU milliseconds a process has used so far, from /proc (0 where /proc is absent or it has ended). */
export function processCpuMs(pid: number | string): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name is in parentheses and may hold spaces: the fields after it are split from its end.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (((Number(fields[11]) || 0) + (Number(fields[12]) || 0)) * 1000) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/**
 * CPU milliseconds spent so far by the PostgreSQL server processes serving `database` (its backends, whose
 * command line names it), or by every PostgreSQL process when no database is named. Other engineers' tests
 * use the same server: counting only the bench's own backends keeps their work out of its figure.
 */
function postgresCpuMs(database: string | undefined): number {
  let total = 0;
  let pids: string[];
  try {
    pids = readdirSync("/proc").filter((name) => /^\d+$/.test(name));
  } catch {
    return 0;
  }
  for (const pid of pids) {
    try {
      // A backend's title, padded with NULs: «postgres: 15/main: postgres <database> 127.0.0.1(port) idle».
      const command = readFileSync(`/proc/${pid}/cmdline`, "utf8").replace(/\0+/g, " ");
      if (!command.startsWith("postgres")) continue;
      if (database && !command.split(" ").includes(database)) continue;
      total += processCpuMs(pid);
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return total;
}

/**
 * CPU time per step, this process's and the database server's: unlike steps per second it hardly moves when
 * other work shares the machine, so it compares two versions of the code on a busy machine. With both on two
 * cores, a run can at best reach min(1000 / process, 2000 / (process + server)) steps per second. A backend
 * that ends during the run takes its CPU time with it: the bench's pools keep theirs open throughout.
 */
export function cpuMeter(database?: string) {
  const node = process.cpuUsage();
  const server = postgresCpuMs(database);
  return (steps: number) => {
    const used = process.cpuUsage(node);
    const nodeMs = (used.user + used.system) / 1000 / steps;
    const serverMs = (postgresCpuMs(database) - server) / steps;
    return {
      cpuMsPerStep: { process: Number(nodeMs.toFixed(2)), postgres: Number(serverMs.toFixed(2)) },
      cpuBoundStepsPerSecond: Math.round(Math.min(1000 / nodeMs, 2000 / (nodeMs + serverMs))),
    };
  };
}
