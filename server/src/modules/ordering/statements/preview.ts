import type { Db } from "../../../db/client.ts";
import { TEXT } from "../rules/messages.ts";
import { viewOf } from "../rules/modification-view.ts";
import { addWeighing, quoteOf, type Situation, type Weighing, weigh } from "../rules/weighing.ts";
import type { AddPreview, ChangePreview } from "../types.ts";
import { loadModification, loadModificationAndDay } from "./modification-data.ts";
import { loadDayOrder, positionView } from "./today-order.ts";

/**
 * Adding `quantity` of a modification, judged by the rules the addition itself applies, from one read and
 * without a transaction: what the client is asked to confirm, or why it would be refused (with the card, whose
 * amounts are what may be added instead).
 */
export async function previewAdd(
  db: Db,
  s: Situation,
  modificationId: number,
  quantity: number,
): Promise<AddPreview> {
  const { modification, order } = await loadModificationAndDay(db, s.client, modificationId, s.day);
  if (!modification) return { ok: false, code: "not_found", message: TEXT.notFound };
  const card = viewOf(s.client, modification, order.positions);
  const w = addWeighing(s, modification, order, quantity);
  const judged = weigh(w);
  return judged.ok ? { ok: true, card, quote: quoteOf(w, judged.tier) } : { ...judged, card };
}

/** Changing a «Добавлен» position of today's order to `quantity`, judged the same way. */
export async function previewChange(
  db: Db,
  s: Situation,
  positionId: number,
  quantity: number,
): Promise<ChangePreview> {
  const order = await loadDayOrder(db, s.client.id, s.day);
  const current = order.positions.find((p) => p.id === positionId);
  if (!current) return { ok: false, code: "not_found", message: TEXT.positionNotFound };
  if (current.status !== "added") return { ok: false, code: "not_changeable", message: TEXT.notChangeable };
  const modification = await loadModification(db, s.client, current.modificationId, s.day);
  if (!modification) return { ok: false, code: "not_sold", message: TEXT.notSold };
  const w: Weighing = { s, modification, day: order.positions, current, total: quantity, mode: "change" };
  const judged = weigh(w);
  if (!judged.ok) return judged;
  return { ok: true, position: positionView(current, s.client.showPrices), quote: quoteOf(w, judged.tier) };
}
