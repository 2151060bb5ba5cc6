import { PREPARED_LIST_MAX_LINES } from "@wholesale/contract";
import { asc, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { preparedListLines, preparedListOpenings } from "../../db/schema/index.ts";
import type { InList } from "./paste.ts";

/**
 * The advisory lock's first key for a client's list (the second is the client's id): every writer of new lines
 * takes it, so a list is counted and grown by one writer at a time. No other advisory lock uses two keys.
 */
export const LIST_LOCK = 30;

export const TOO_MANY_LINES = `В списке не больше ${PREPARED_LIST_MAX_LINES} строк.`;

export const LINE_NOT_FOUND = "Строки нет в списке.";

export type PutLine = { modificationId: number; quantity: number; confirmedPrice: number | null };
export type HeldLine = { modificationId: number; quantity: number; place: number };

/** The client's list as it is kept, in its order. */
export async function readLines(on: Db | Tx, clientId: number) {
  return on
    .select({
      id: preparedListLines.id,
      modificationId: preparedListLines.modificationId,
      quantity: preparedListLines.quantity,
      confirmedPrice: preparedListLines.confirmedPrice,
    })
    .from(preparedListLines)
    .where(eq(preparedListLines.clientId, clientId))
    .orderBy(asc(preparedListLines.place), asc(preparedListLines.id));
}

/** Units of each modification in the client's list now, on `on` (a change's transaction). */
export async function inListOf(on: Db | Tx, clientId: number): Promise<InList> {
  return new Map((await readLines(on, clientId)).map((l) => [l.modificationId, l.quantity]));
}

/**
 * `work` on the client's list as it stands, alone: in a transaction (a savepoint inside the dry run's) holding
 * the list's lock and its lines' rows, so the count and the quantities read are still true when it writes:
 * two adds at once cannot both count 99 lines and both insert.
 */
export function lockedList<T>(on: Db | Tx, clientId: number, work: (tx: Tx, held: HeldLine[]) => Promise<T>) {
  return on.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${LIST_LOCK}::int, ${clientId}::int)`);
    const held = await tx
      .select({
        modificationId: preparedListLines.modificationId,
        quantity: preparedListLines.quantity,
        place: preparedListLines.place,
      })
      .from(preparedListLines)
      .where(eq(preparedListLines.clientId, clientId))
      .for("update");
    return work(tx, held);
  });
}

/**
 * Writes lines as given, in one statement: a modification already on the list has its line set (quantity and
 * confirmed price, in its place), others go at the end in their order. The opening notice's state starts as
 * the market is now, so the bot's message goes at the next opening, not at once.
 */
export async function writeLines(
  tx: Tx,
  clientId: number,
  marketOpen: boolean,
  held: readonly HeldLine[],
  lines: readonly PutLine[],
) {
  // A modification given twice is written once, as its last line says: one statement may not update a row twice.
  const once = [...new Map(lines.map((l) => [l.modificationId, l])).values()];
  if (once.length > 0) {
    const last = held.reduce((most, l) => Math.max(most, l.place), 0);
    await tx
      .insert(preparedListLines)
      .values(once.map((line, i) => ({ clientId, ...line, place: last + i + 1 })))
      .onConflictDoUpdate({
        target: [preparedListLines.clientId, preparedListLines.modificationId],
        set: {
          quantity: sql.raw(`excluded.${preparedListLines.quantity.name}`),
          confirmedPrice: sql.raw(`excluded.${preparedListLines.confirmedPrice.name}`),
        },
      });
  }
  await tx.insert(preparedListOpenings).values({ clientId, marketOpen }).onConflictDoNothing();
}

/** Puts lines in the list (writeLines), or nothing and false when the new ones would pass its cap. */
export function putLines(
  on: Db | Tx,
  clientId: number,
  marketOpen: boolean,
  lines: readonly PutLine[],
): Promise<boolean> {
  return lockedList(on, clientId, async (tx, held) => {
    const known = new Set(held.map((l) => l.modificationId));
    const added = new Set(lines.map((l) => l.modificationId).filter((m) => !known.has(m))).size;
    if (held.length + added > PREPARED_LIST_MAX_LINES) return false;
    await writeLines(tx, clientId, marketOpen, held, lines);
    return true;
  });
}
