import fc from "fast-check";

/**
 * Runs an async property a bounded number of times (each run goes to the database, so a few runs of a few
 * dozen steps finish in seconds even on a starved machine), from a seed that a failure names:
 * `FC_SEED=<seed>` replays it. fast-check shrinks a failing case before it reports.
 */
export async function assertProperty<T>(
  property: fc.IAsyncProperty<T>,
  { numRuns }: { numRuns: number },
): Promise<void> {
  const seed = Number(process.env.FC_SEED ?? Date.now() % 2_147_483_647);
  try {
    await fc.assert(property, { numRuns, seed, endOnFailure: true });
  } catch (error) {
    throw new Error(`property failed (replay with FC_SEED=${seed}): ${(error as Error).message}`);
  }
}
