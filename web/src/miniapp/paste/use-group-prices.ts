import { useEffect, useRef, useState } from "react";
import { useDebounced } from "../../lib/use-debounced.ts";
import { api, messageOf } from "../api.ts";
import { type Group, priceOf, type Quoted, quoteKey } from "./rows.ts";

/**
 * The unit price each group goes in at. A total the answer did not price (a quantity typed, lines summed,
 * the list changed) is quoted once settled, each total once; `forget` drops the quotes: a new paste asks
 * afresh.
 */
export function useGroupPrices(groups: Group[]) {
  const [quotes, setQuotes] = useState<Record<string, Quoted>>({});
  const asked = useRef(new Set<string>());
  const prices = groups.map((g) => priceOf(g, quotes));
  const toAsk = useDebounced(
    groups
      .filter((_, i) => prices[i]?.state === "asking")
      .map(quoteKey)
      .join(" "),
    250,
  );
  useEffect(() => {
    for (const key of toAsk.split(" ").filter(Boolean)) {
      if (asked.current.has(key)) continue;
      asked.current.add(key);
      const [modification, total] = key.split(":").map(Number);
      api.listQuote(modification ?? 0, total ?? 0).then(
        (q) =>
          setQuotes((before) => ({
            ...before,
            [key]: { price: q.price, kopecks: q.price_kopecks, sign: q.currency_sign },
          })),
        (error) => setQuotes((before) => ({ ...before, [key]: { problem: messageOf(error) } })),
      );
    }
  }, [toAsk]);
  const forget = () => {
    setQuotes({});
    asked.current.clear();
  };
  return { prices, forget };
}
