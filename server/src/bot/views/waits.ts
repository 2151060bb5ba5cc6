import type { TStockWait } from "@wholesale/contract";
import { businessDay } from "../../lib/business-time.ts";
import { clipText } from "../../lib/telegram-limits.ts";
import { texts } from "../texts.ts";

/**
 * Waits a page of «Мои ожидания» holds: with each name cut to WAIT_NAME_ROOM the page fits VIEW_ROOM (room.ts)
 * with its notice, and its keyboard stays at 13 buttons.
 */
export const WAITS_PAGE = 10;

/** What of a wait's name its line shows: a catalogue name runs to 600 characters (brand, product, modification). */
const WAIT_NAME_ROOM = 300;

/** The day a wait ends, in Moscow, as «04.12». */
const dayMonth = (iso: string) => {
  const [, month, day] = businessDay(new Date(iso)).split("-");
  return `${day}.${month}`;
};

export const waitPages = (waits: readonly TStockWait[]) => Math.max(1, Math.ceil(waits.length / WAITS_PAGE));

/** Page `page` of «Мои ожидания» (counted from 1, within the pages): its waits, numbered across the whole list. */
export function waitsPage(waits: readonly TStockWait[], page: number) {
  const first = (page - 1) * WAITS_PAGE;
  return { first, shown: waits.slice(first, first + WAITS_PAGE) };
}

/** «Мои ожидания»: each wait, numbered, «— ждём до 04.12»; or how to ask for one. */
export function waitsText(waits: readonly TStockWait[], page: number): string {
  if (waits.length === 0) return texts.noWaits;
  const { first, shown } = waitsPage(waits, page);
  const lines = shown.map(
    (w, i) => `${first + i + 1}. ${clipText(w.name, WAIT_NAME_ROOM)} — ждём до ${dayMonth(w.expires_at)}`,
  );
  return [`${texts.menu.waits}:`, "", ...lines].join("\n");
}
