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
});
