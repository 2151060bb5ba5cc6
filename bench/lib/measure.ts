import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";

/** The p-th percentile of `samples` by nearest rank: p99 of 100 samples is the 99th smallest. */
export function percentile(samples: readonly number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A process's resident memory in MB, from the kernel (Linux only). */
export const rssMb = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;

/**
 * `GET /api/health` called one request after another until `until` settles, and with `pid` the server's memory
 * sampled beside: calls in a row make a stall one slow call, which the slowest call shows.
 */
export async function healthWhile<T>(
  url: string,
  until: Promise<T>,
  pid?: number,
): Promise<{ result: T; latencies: number[]; peak: number }> {
  const latencies: number[] = [];
  let peak = pid === undefined ? 0 : rssMb(pid);
  let done = false;
  void until.finally(() => {
    done = true;
  });
  while (!done) {
    const started = performance.now();
    await fetch(`${url}/api/health`);
    latencies.push(performance.now() - started);
    if (pid !== undefined) peak = Math.max(peak, rssMb(pid));
    await sleep(10);
  }
  return { result: await until, latencies, peak };
}

/** A staff member's access token, signed in as the sign-in screen does. */
export async function signIn(url: string, account: { username: string; password: string }): Promise<string> {
  const answer = await fetch(`${url}/api/token/`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(account),
  });
  if (!answer.ok) throw new Error(`sign-in refused: ${answer.status} ${await answer.text()}`);
  return ((await answer.json()) as { access: string }).access;
}
