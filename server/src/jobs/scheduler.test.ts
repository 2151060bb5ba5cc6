import { afterEach, describe, expect, it, vi } from "vitest";
import { startScheduler } from "./scheduler.ts";

afterEach(() => {
  vi.useRealTimers();
});

describe("startScheduler", () => {
  it("skips a tick while the previous run is going, logs failures and keeps going", async () => {
    vi.useFakeTimers();
    let release: () => void = () => {};
    const runs: number[] = [];
    const errors: string[] = [];
    let n = 0;
    const scheduler = startScheduler(
      [
        {
          name: "slow",
          intervalMs: 100,
          run: () => {
            n++;
            runs.push(n);
            if (n === 2) return Promise.reject(new Error("boom"));
            return new Promise<void>((resolve) => {
              release = resolve;
            });
          },
        },
      ],
      (job, error) => errors.push(`${job}: ${(error as Error).message}`),
    );
    await vi.advanceTimersByTimeAsync(350);
    expect(runs).toEqual([1]);
    release();
    await vi.advanceTimersByTimeAsync(100);
    expect(runs).toEqual([1, 2]);
    expect(errors).toEqual(["slow: boom"]);
    await vi.advanceTimersByTimeAsync(100);
    expect(runs).toEqual([1, 2, 3]);
    const stopping = scheduler.stop();
    release();
    await stopping;
    await vi.advanceTimersByTimeAsync(1000);
    expect(runs).toEqual([1, 2, 3]);
  });

  it("spaces out the runs of a job that keeps failing, and is back at its interval after a success", async () => {
    vi.useFakeTimers();
    const started: number[] = [];
    let failing = true;
    const errors: unknown[] = [];
    const scheduler = startScheduler(
      [
        {
          name: "needs-database",
          intervalMs: 100,
          run: async () => {
            started.push(Date.now());
            if (failing) throw new Error("Connection terminated unexpectedly");
          },
        },
      ],
      (_job, error) => errors.push(error),
    );
    const from = Date.now();
    await vi.advanceTimersByTimeAsync(3200);
    // 100, 200, 400, 800, 1600, 3200 ms apart: six runs and six log lines in 3.2 s rather than 32.
    expect(started.map((at) => at - from)).toEqual([100, 200, 400, 800, 1600, 3200]);
    expect(errors).toHaveLength(6);
    failing = false;
    await vi.advanceTimersByTimeAsync(6400);
    const afterBack = started.length;
    await vi.advanceTimersByTimeAsync(1000);
    expect(started.length - afterBack).toBe(10);
    await scheduler.stop();
  });
});
