import { eq, lt, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { preparedListLines, previewLists } from "../../db/schema/index.ts";

/** A line as a preview keeps it: the row of prepared_list_lines it stands for, id and place included. */
type KeptLine = typeof preparedListLines.$inferSelect;

/** A line as it comes back from the kept JSON: its moment is a string again. */
type StoredLine = Omit<KeptLine, "createdAt"> & { createdAt: string };

/** How long a preview's list is kept after its last call. */
const KEPT_MS = 24 * 60 * 60 * 1000;

/**
 * Puts the preview's list (when it has prepared one) in place of the client's, inside the preview's rolled-back
 * transaction: the call then sees the list the preview prepared, and the client's own list is back on rollback.
 */
export async function restorePreviewList(tx: Tx, session: string, clientId: number): Promise<void> {
  const kept = await previewLines(tx, session);
  if (!kept) return;
  const lines = kept.map((l) => ({
    ...l,
    clientId,
    createdAt: new Date(l.createdAt),
  }));
  await tx.delete(preparedListLines).where(eq(preparedListLines.clientId, clientId));
  if (lines.length > 0) await tx.insert(preparedListLines).values(lines);
}

/** The lines of the preview's list, when it has prepared one (undefined: it sees the client's own). */
export async function previewLines(db: Db | Tx, session: string): Promise<StoredLine[] | undefined> {
  const [kept] = await db
    .select({ lines: previewLists.lines })
    .from(previewLists)
    .where(eq(previewLists.session, session));
  return kept?.lines as StoredLine[] | undefined;
}

/** The client's list as the preview's call left it, read inside its transaction before the rollback. */
export function previewLinesOf(tx: Tx, clientId: number): Promise<KeptLine[]> {
  return tx.select().from(preparedListLines).where(eq(preparedListLines.clientId, clientId));
}

/** Keeps the preview's list for its next call (and lets previews untouched for a day go). */
export async function keepPreviewList(db: Db, session: string, clientId: number, lines: KeptLine[]) {
  const now = new Date();
  await db.delete(previewLists).where(lt(previewLists.updatedAt, new Date(now.getTime() - KEPT_MS)));
  await db
    .insert(previewLists)
    .values({ session, clientId, lines, updatedAt: now })
    .onConflictDoUpdate({
      target: previewLists.session,
      set: { lines, clientId, updatedAt: sql`excluded.updated_at` },
    });
}
