import type { TPasteMatch, TPreparedList } from "@wholesale/contract";
import { useState } from "react";
import { api, Refused } from "../api.ts";
import { haptic } from "../bridge.ts";
import type { OnError, OnList } from "../list/callbacks.ts";
import { addedText } from "./notices.ts";
import { applyOf, groupsOf, type Row, rowOf, rowsLeft } from "./rows.ts";
import { useGroupPrices } from "./use-group-prices.ts";

type Options = {
  onList: OnList;
  /** Everything chosen went in: the list as it stands and what to tell the client. */
  onDone: (list: TPreparedList, notice: string) => void;
  onError: OnError;
};

/**
 * A paste's text and what the catalogue matched to it, the client's choices line by line, the positions
 * they make with their prices, and the three requests: the match, an ambiguous line's further alternatives,
 * and the add of every position priced.
 */
export function usePaste({ onList, onDone, onError }: Options) {
  const [text, setText] = useState("");
  const [found, setFound] = useState<TPasteMatch | null>(null);
  const [rows, setRows] = useState<Row[]>([]);
  /** The list's units of each modification as the last add left it (null before one). */
  const [listed, setListed] = useState<ReadonlyMap<number, number> | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const groups = groupsOf(rows, listed);
  const { prices, forget } = useGroupPrices(groups);

  /** Another text: what was matched to the last one goes. */
  const changeText = (typed: string) => {
    setText(typed);
    setFound(null);
    setRows([]);
    setNotice(null);
  };

  const set = (i: number, change: Partial<Row>) =>
    setRows((before) => before.map((r, j) => (j === i ? { ...r, ...change } : r)));

  async function match() {
    setBusy(true);
    setNotice(null);
    try {
      const answer = await api.paste(text);
      setFound(answer);
      setRows(answer.lines.map(rowOf));
      setListed(null);
      // Prices are asked afresh for a new paste.
      forget();
    } catch (error) {
      if (error instanceof Refused) {
        setFound(null);
        setRows([]);
      }
      onError(error, () => void match());
    } finally {
      setBusy(false);
    }
  }

  async function more(i: number) {
    const row = rows[i];
    if (!row) return;
    try {
      const next = await api.pasteAlternatives({
        search: row.line.search,
        quantity: row.line.quantity ?? 1,
        page: row.page + 1,
      });
      // A page shifted by a change in the catalogue meanwhile may repeat one already shown.
      const shown = new Set(row.offered.map((c) => c.modification));
      set(i, {
        offered: [...row.offered, ...next.alternatives.filter((c) => !shown.has(c.modification))],
        page: next.page,
      });
    } catch (error) {
      onError(error, () => void more(i));
    }
  }

  async function add() {
    const { body, sent } = applyOf(groups, prices);
    setBusy(true);
    setNotice(null);
    try {
      const done = await api.applyPaste(body);
      haptic.success();
      const summary = addedText(done.results, sent.size);
      const left = done.results.filter((r) => r.status !== "added");
      if (left.length === 0) {
        const skipped = rows.length - sent.size;
        onDone(
          done.list,
          skipped > 0
            ? `${summary} Не добавлено строк: ${skipped} (не найдены, не выбраны или без количества).`
            : summary,
        );
        return;
      }
      onList(done.list);
      setListed(new Map(done.list.lines.map((l) => [l.modification, l.quantity])));
      setFound((before) => before && { ...before, list_lines: done.list.lines.length });
      setRows((before) => rowsLeft(before, sent, left));
      setNotice(`${summary} Не добавлено: ${left.length} поз. — причина у каждой строки ниже.`);
    } catch (error) {
      haptic.error();
      // Sent again it adds nothing twice: a line that went in meanwhile comes back «changed».
      if (error instanceof Refused) setNotice(error.message);
      else onError(error, () => void add());
    } finally {
      setBusy(false);
    }
  }

  return { text, changeText, found, rows, set, groups, prices, busy, notice, match, more, add };
}
