import type { Db, Tx } from "../../db/client.ts";
import { rolledBack } from "../../db/rolled-back.ts";
import type { Clock } from "../../lib/clock.ts";
import { type marketOf, refused, type WaitedFor } from "../miniapp/index.ts";
import { type ListView, listView, type OrderingService } from "../ordering/index.ts";
import type { Answer } from "./answers.ts";
import { inListOf } from "./list-lines.ts";
import type { InList } from "./paste.ts";
import { keepPreviewList, previewLines, previewLinesOf, restorePreviewList } from "./preview-list.ts";

/**
 * What every call of the list is handed. `preview` is a staff preview's session in dry run: its changes are
 * rolled back and its list is kept apart (preview-list.ts).
 */
export type ListDeps = {
  db: Db;
  clock: Clock;
  ordering: OrderingService;
  preview: string | undefined;
  /** What the client waits for, marked on the list's catalogue rows and cards. */
  waitedFor: WaitedFor;
};

export type Standing = { market: Parameters<typeof marketOf>[0]; view: ListView };

/** The client in good standing (the ordering service's decision, market included) and the list's view. */
export async function standing({ db, ordering }: Pick<ListDeps, "db" | "ordering">, clientId: number) {
  const found = await ordering.standing(clientId);
  if (!found.ok)
    return { ok: false as const, answer: refused({ code: "client_not_allowed", message: found.message }) };
  const view = await listView(db, clientId);
  if (!view.ok)
    return { ok: false as const, answer: refused({ code: "client_not_allowed", message: view.message }) };
  return { ok: true as const, market: found.market, view };
}

/**
 * The client's standing read first, on the database (its reads are the ordering service's, kept in memory),
 * then the change: on PGlite a read outside the dry run's transaction would wait for it.
 */
export async function withStanding<T>(
  deps: ListDeps,
  clientId: number,
  work: (on: Db | Tx, s: Standing) => Promise<Answer<T>>,
): Promise<Answer<T>> {
  const s = await standing(deps, clientId);
  if (!s.ok) return s.answer;
  return write(deps, clientId, (on) => work(on, s));
}

async function write<T>(
  { db, preview }: ListDeps,
  clientId: number,
  work: (on: Db | Tx) => Promise<T>,
): Promise<T> {
  if (preview === undefined) return work(db);
  const done = await rolledBack(db, async (tx) => {
    await restorePreviewList(tx, preview, clientId);
    const value = await work(tx);
    return { value, lines: await previewLinesOf(tx, clientId) };
  });
  await keepPreviewList(db, preview, clientId, done.lines);
  return done.value;
}

/**
 * What the list holds outside a change: a preview's own list once it has one (a change's transaction puts it in
 * place of the client's; a read outside one sees the client's).
 */
export async function listedNow({ db, preview }: ListDeps, clientId: number): Promise<InList> {
  const kept = preview === undefined ? undefined : await previewLines(db, preview);
  return kept ? new Map(kept.map((l) => [l.modificationId, l.quantity])) : inListOf(db, clientId);
}
