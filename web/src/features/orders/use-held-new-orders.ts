import type { TOrder } from "@wholesale/contract";
import { useState } from "react";
import { useOrdersPlaced } from "./api.ts";

const NONE: ReadonlySet<number> = new Set();

/**
 * The orders placed while a list is being read, held out of it until the person asks for them: the newest come
 * first, and a card arriving on top would push down the one being read. `read` is the list as loaded (held
 * orders included) or undefined while it loads; `reading` names what is read (a tab, a search): another reading
 * starts from what it loads, none held.
 */
export function useHeldNewOrders(read: readonly TOrder[] | undefined, reading: string) {
  const [held, setHeld] = useState<{ reading: string; ids: ReadonlySet<number> }>({ reading, ids: NONE });
  const ids = held.reading === reading ? held.ids : NONE;
  useOrdersPlaced((placed) => {
    // Before the first read nothing is held: that read shows what is there.
    if (!read) return;
    const loaded = new Set(read.map((order) => order.id));
    const unseen = placed.filter((id) => !loaded.has(id));
    if (unseen.length === 0) return;
    setHeld((before) => ({
      reading,
      ids: new Set([...(before.reading === reading ? before.ids : []), ...unseen]),
    }));
  });
  const shown = read?.filter((order) => !ids.has(order.id)) ?? [];
  return {
    shown,
    /** How many held orders the list has loaded (a held order of another tab never shows in this one). */
    waiting: (read?.length ?? 0) - shown.length,
    showHeld: () => setHeld({ reading, ids: NONE }),
  };
}
