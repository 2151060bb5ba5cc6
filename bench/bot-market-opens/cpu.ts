import { readdirSync, readFileSync } from "node:fs";

/** Clock ticks per second of /proc's utime and stime: 100 on every Linux this runs on. */
const TICKS_PER_SECOND = 100;

/** CPU milliseconds spent so far by every PostgreSQL server process on this machine (0 where /proc is absent). */
function postgresCpuMs(): number {
  let ticks = 0;
  let pids: string[];
  try {
    pids = readdirSync("/proc").filter((name) => /^\d+$/.test(name));
  } catch {
    return 0;
  }
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      // The command name is in parentheses and may hold spaces: the fields after it are split from its end.
      const close = stat.lastIndexOf(")");
      if (!stat.slice(stat.indexOf("(") + 1, close).startsWith("postgres")) continue;
      const fields = stat.slice(close + 2).split(" ");
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return (ticks * 1000) / TICKS_PER_SECOND;
}

/**
 * CPU time per step, this process's and the database server's: unlike steps per second it hardly moves when
 * other work shares the machine, so it compares two versions of the code on a busy machine. With both on two
 * cores, a run can at best reach min(1000 / process, 2000 / (process + server)) steps per second.
 */
export function cpuMeter() {
  const node = process.cpuUsage();
  const server = postgresCpuMs();
  return (steps: number) => {
    const used = process.cpuUsage(node);
    const nodeMs = (used.user + used.system) / 1000 / steps;
    const serverMs = (postgresCpuMs() - server) / steps;
    return {
      cpuMsPerStep: { process: Number(nodeMs.toFixed(2)), postgres: Number(serverMs.toFixed(2)) },
      cpuBoundStepsPerSecond: Math.round(Math.min(1000 / nodeMs, 2000 / (nodeMs + serverMs))),
    };
  };
}
