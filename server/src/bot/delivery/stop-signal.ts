export type StopSignal = {
  stopped: () => boolean;
  /**
   * Waits `ms`, or less: cut short by a stop (resolves false, and the waiting send gives its row back), or
   * ended early by a call of one of `wakers` (resolves true, as a wait of the whole time does).
   */
  sleep: (ms: number, wakers?: Set<() => void>) => Promise<boolean>;
  /** Every wait, under way or to come, ends at once. */
  stop: () => void;
  /** Waits last their time again: the worker starts anew. */
  reset: () => void;
};

/** The worker's stop, which every wait of its loop and its sends gives way to. */
export function createStopSignal(): StopSignal {
  let stopping = false;
  const stopWaiters = new Set<() => void>();
  return {
    stopped: () => stopping,
    sleep(ms, wakers) {
      return new Promise((resolve) => {
        if (stopping) {
          resolve(false);
          return;
        }
        const end = (waited: boolean) => {
          clearTimeout(timer);
          stopWaiters.delete(cancel);
          wakers?.delete(wake);
          resolve(waited);
        };
        const cancel = () => end(false);
        const wake = () => end(true);
        const timer = setTimeout(wake, ms);
        stopWaiters.add(cancel);
        wakers?.add(wake);
      });
    },
    stop() {
      stopping = true;
      for (const cancel of stopWaiters) cancel();
      stopWaiters.clear();
    },
    reset() {
      stopping = false;
    },
  };
}
