/**
 * The one way tests wait for something to happen: a condition checked again and again, with a ceiling
 * generous enough for a starved machine (a CPU hog on every core, more test workers than cores). A test waits
 * for an outcome, never for a fixed time; when the ceiling is reached the error names what was awaited, so a
 * failure says what did not happen rather than «timed out».
 */
export const WAIT_CEILING_MS = 90_000;

/** What is awaited: a text, or one built when the ceiling is reached (to name what had happened by then). */
type What = string | (() => string);
const described = (what: What) => (typeof what === "string" ? what : what());

export async function waitUntil(
  what: What,
  check: () => boolean | Promise<boolean>,
  ceilingMs = WAIT_CEILING_MS,
  everyMs = 25,
): Promise<void> {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > ceilingMs)
      throw new Error(`timed out after ${ceilingMs} ms waiting for ${described(what)}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/** Waits until `find` returns something, and returns it. */
export async function waitFor<T>(
  what: What,
  find: () => T | undefined | Promise<T | undefined>,
  ceilingMs = WAIT_CEILING_MS,
): Promise<T> {
  let found: T | undefined;
  await waitUntil(
    what,
    async () => {
      found = await find();
      return found !== undefined;
    },
    ceilingMs,
  );
  return found as T;
}

/** Waits for `promise`, failing with what was awaited if it has not settled within the ceiling. */
export async function settles<T>(what: string, promise: Promise<T>, ceilingMs = WAIT_CEILING_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const ceiling = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`timed out after ${ceilingMs} ms waiting for ${what}`)),
      ceilingMs,
    );
  });
  try {
    return await Promise.race([promise, ceiling]);
  } finally {
    clearTimeout(timer);
  }
}
