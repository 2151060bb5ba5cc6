/** How often the time is looked at; a look that comes later than this counts as one slice only. */
const SLICE_MS = 100;

/**
 * Calls `onTimeout` once `ms` of time in which this process could listen has passed. A plain timer fires on
 * the wall clock: after the event loop was blocked (a starved CPU, a long synchronous task) it fires first
 * thing, before the loop reads the sockets, so a call whose answer already sat unread in its socket was
 * abandoned, and the message it had delivered was sent again. Here the time is looked at every slice, and
 * a look that comes late counts one slice however late it is, so a stall only postpones the timeout; the
 * last step waits for the loop's I/O phase (`setImmediate`) before it gives up. Returns a cancel function.
 */
export function awakeTimeout(ms: number, onTimeout: () => void): () => void {
  let awake = 0;
  let last = performance.now();
  let done = false;
  let timer: NodeJS.Timeout | undefined;
  let immediate: NodeJS.Immediate | undefined;

  const look = () => {
    const now = performance.now();
    awake += Math.min(now - last, SLICE_MS);
    last = now;
    if (awake < ms) {
      timer = setTimeout(look, Math.min(SLICE_MS, ms - awake));
      return;
    }
    immediate = setImmediate(() => {
      if (done) return;
      done = true;
      onTimeout();
    });
  };
  timer = setTimeout(look, Math.min(SLICE_MS, ms));

  return () => {
    done = true;
    clearTimeout(timer);
    if (immediate) clearImmediate(immediate);
  };
}
