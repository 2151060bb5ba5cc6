import type { TMiniAppQuote, TMiniAppRefusal } from "@wholesale/contract";
import { useEffect, useState } from "react";
import { useDebounced } from "../lib/use-debounced.ts";
import { messageOf, Refused } from "./api.ts";

/** A quote with the units it was asked for (a quote's own quantity may be the whole position's). */
export type Priced = { asked: number; quote: TMiniAppQuote };

/**
 * The service's quote of a quantity, asked once the stepper has settled (250 ms) and kept with the units asked:
 * a screen shows it only while it is the quote of the quantity on screen. A quote refused or failed is the
 * problem shown instead, the refusal kept with it (what it offers instead). `ask` null: nothing may be quoted (nothing is asked); keep `ask` stable (useMemo or
 * useCallback), as a new one asks again.
 */
export function useQuote(quantity: number, ask: ((quantity: number) => Promise<TMiniAppQuote>) | null) {
  const settled = useDebounced(quantity, 250);
  const [quote, setQuote] = useState<Priced | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<TMiniAppRefusal | null>(null);

  useEffect(() => {
    if (!ask) return;
    let current = true;
    ask(settled).then(
      (q) => {
        if (!current) return;
        setQuote({ asked: settled, quote: q });
        setProblem(null);
        setRefusal(null);
      },
      (error) => {
        if (!current) return;
        setQuote(null);
        setProblem(messageOf(error));
        setRefusal(error instanceof Refused ? error.refusal : null);
      },
    );
    return () => {
      current = false;
    };
  }, [ask, settled]);

  return { quote, setQuote, problem, setProblem, refusal };
}
