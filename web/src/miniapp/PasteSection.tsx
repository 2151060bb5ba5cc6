import type {
  TPasteApplied,
  TPasteCandidate,
  TPasteLine,
  TPasteMatch,
  TPreparedList,
} from "@wholesale/contract";
import { useEffect, useRef, useState } from "react";
import { useDebounced } from "../lib/use-debounced.ts";
import { api, messageOf, Refused } from "./api.ts";
import { haptic } from "./bridge.ts";
import { formatPrice } from "./format.ts";

/** The most units a line may hold (the ordering service's maximum): a typed quantity is judged as it is typed. */
const MOST = 100_000;
const BAD_QUANTITY = `Укажите количество целым числом от 1 до ${MOST}.`;

type Props = {
  onList: (list: TPreparedList) => void;
  /** Everything chosen went in: the list as it stands and what to tell the client. */
  onDone: (list: TPreparedList, notice: string) => void;
  onError: (error: unknown, retry: (() => void) | null) => void;
};

/** A pasted line on screen: what the client chose for it and the quantity the field holds. */
type Row = {
  line: TPasteLine;
  /** The match, or the alternatives with the further pages fetched since. */
  offered: TPasteCandidate[];
  page: number;
  chosen: TPasteCandidate | null;
  /** The client wants the line (ticked, or an alternative chosen); it goes once its quantity is valid too. */
  take: boolean;
  /** The field's text: the quantity read, 1 when none was written, empty when the one written is not taken. */
  typed: string;
  /** Why the last add left the line (the service's refusal, or the list changed meanwhile). */
  problem: string | null;
};

/** A position the paste would add: the taken lines of one modification, summed onto what the list holds. */
type Group = { candidate: TPasteCandidate; rows: Row[]; sum: number; inList: number; total: number };

/** The unit price a group goes in at: the answer's or a quote's for its total, being asked, or refused. */
type GroupPrice =
  | { state: "ready"; price: number | null; kopecks: number | null; sign: string }
  | { state: "asking" }
  | { state: "refused"; problem: string };

type Quoted = { price: number | null; kopecks: number | null; sign: string } | { problem: string };

const quantityOf = (typed: string) => {
  if (!/^\d+$/.test(typed)) return null;
  const n = Number(typed);
  return n >= 1 && n <= MOST ? n : null;
};

const rowOf = (line: TPasteLine): Row => {
  const typed = line.quantity !== null ? String(line.quantity) : line.quantity_problem ? "" : "1";
  return {
    line,
    offered: line.match ? [line.match] : line.alternatives,
    page: 1,
    chosen: line.match,
    take: line.match?.sold === true,
    typed,
    problem: null,
  };
};

const taken = (r: Row): r is Row & { chosen: TPasteCandidate } =>
  r.take && r.chosen?.sold === true && quantityOf(r.typed) !== null;

/** The answer priced each candidate for its line's quantity (1 when none was taken) with what the list held. */
const pricedFor = (r: Row, c: TPasteCandidate) => c.in_list + (r.line.quantity ?? 1);

/** `listed`: the list's lines as the last add left it (null before one: the answer's `in_list` holds). */
function groupsOf(rows: Row[], listed: ReadonlyMap<number, number> | null): Group[] {
  const groups = new Map<number, Group>();
  for (const r of rows.filter(taken)) {
    const quantity = quantityOf(r.typed) ?? 0;
    const found = groups.get(r.chosen.modification);
    if (found) {
      found.rows.push(r);
      found.sum += quantity;
      found.total += quantity;
    } else {
      const inList = listed ? (listed.get(r.chosen.modification) ?? 0) : r.chosen.in_list;
      groups.set(r.chosen.modification, {
        candidate: r.chosen,
        rows: [r],
        sum: quantity,
        inList,
        total: inList + quantity,
      });
    }
  }
  return [...groups.values()];
}

const quoteKey = (g: Group) => `${g.candidate.modification}:${g.total}`;

function priceOf(g: Group, quotes: Readonly<Record<string, Quoted>>): GroupPrice {
  const answered = g.rows.find((r) => r.chosen && pricedFor(r, r.chosen) === g.total)?.chosen;
  // Without prices there is nothing to confirm: every quote would be null too.
  const known = answered ?? (g.candidate.price_kopecks === null ? g.candidate : null);
  if (known)
    return { state: "ready", price: known.price, kopecks: known.price_kopecks, sign: known.currency_sign };
  const quoted = quotes[quoteKey(g)];
  if (!quoted) return { state: "asking" };
  return "problem" in quoted ? { state: "refused", problem: quoted.problem } : { state: "ready", ...quoted };
}

/** «Строк не прочитано»: the lines past the paste's bound, counted, with where they start. */
const notReadText = (notRead: NonNullable<TPasteMatch["not_read"]>, max: number) =>
  `Не прочитано строк: ${notRead.count}, начиная со строки № ${notRead.from_number}: за раз читается не больше ` +
  `${max} строк — столько вмещает список. Вставьте остальные следующим списком.`;

/** What went in, counted as positions (the lines of one product are one), and from how many lines. */
function addedText(results: TPasteApplied["results"], lines: number) {
  const added = results.filter((r) => r.status === "added");
  const grown = added.filter((r) => r.before > 0).length;
  const parts = [`Добавлено в список: ${added.length} поз.`];
  if (lines > results.length) parts.push(`Строк было ${lines}: строки одного товара сложены.`);
  if (grown > 0) parts.push(`У ${grown} поз. количество прибавлено к тому, что уже было в списке.`);
  return parts.join(" ");
}

/**
 * «Вставить список»: the pasted text read line by line (what was read: the name and quantity, and what could not
 * be, each said), matched to the catalogue, and the chosen lines added to the list in one request: each adds to
 * what the list holds, lines of one product are summed, and nothing is taken that the client has not seen.
 */
export function PasteSection({ onList, onDone, onError }: Props) {
  const [text, setText] = useState("");
  const [found, setFound] = useState<TPasteMatch | null>(null);
  const [rows, setRows] = useState<Row[]>([]);
  /** The list's units of each modification as the last add left it (null before one). */
  const [listed, setListed] = useState<ReadonlyMap<number, number> | null>(null);
  const [quotes, setQuotes] = useState<Record<string, Quoted>>({});
  const asked = useRef(new Set<string>());
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  const groups = groupsOf(rows, listed);
  const prices = groups.map((g) => priceOf(g, quotes));
  // A total the answer did not price (a quantity typed, lines summed, the list changed) is quoted once settled.
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

  async function match() {
    setBusy(true);
    setNotice(null);
    try {
      const answer = await api.paste(text);
      setFound(answer);
      setRows(answer.lines.map(rowOf));
      setListed(null);
      // Prices are asked afresh for a new paste.
      setQuotes({});
      asked.current.clear();
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
    const addable = groups.flatMap((g, i) => {
      const price = prices[i];
      return price?.state === "ready" ? [{ group: g, kopecks: price.kopecks }] : [];
    });
    const sent = new Set(addable.flatMap((a) => a.group.rows.map((r) => r.line.number)));
    setBusy(true);
    setNotice(null);
    try {
      const done = await api.applyPaste({
        lines: addable.map(({ group: g, kopecks }) => ({
          modification: g.candidate.modification,
          quantity: g.sum,
          price_kopecks: kopecks,
          in_list: g.inList,
        })),
      });
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
      // The lines that went in leave; the others stay, each with its reason.
      const why = new Map(
        left.map((r) => [r.modification, r.status === "refused" ? r.refusal.detail : r.detail]),
      );
      setRows((before) =>
        before.flatMap((r) => {
          if (!sent.has(r.line.number) || !r.chosen) return [r];
          const reason = why.get(r.chosen.modification);
          return reason ? [{ ...r, problem: reason }] : [];
        }),
      );
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

  const set = (i: number, change: Partial<Row>) =>
    setRows((before) => before.map((r, j) => (j === i ? { ...r, ...change } : r)));

  const fresh = groups.filter((g) => g.inList === 0).length;
  const free = found ? Math.max(0, found.list_max_lines - found.list_lines) : 0;
  const overCap = found !== null && fresh > free;
  const ready = prices.filter((p) => p.state === "ready").length;
  const waiting = prices.some((p) => p.state === "asking");
  return (
    <div className="paste">
      <label className="sub" htmlFor="paste-text">
        Строка на позицию: название и количество, например «Кабель Lightning 1м Apple — 10».
      </label>
      <textarea
        id="paste-text"
        aria-label="Список товаров"
        rows={6}
        value={text}
        placeholder={"Кабель Lightning 1м Apple — 10\nЗарядка 20W — 5"}
        onChange={(e) => {
          setText(e.target.value);
          setFound(null);
          setRows([]);
          setNotice(null);
        }}
      />
      <div className="actions">
        <button type="button" disabled={busy || text.trim() === ""} onClick={() => void match()}>
          Найти в каталоге
        </button>
      </div>
      {notice && (
        <div className="notice" role="status" data-testid="paste-notice">
          {notice}
        </div>
      )}
      {found?.not_read && (
        <div className="notice error" data-testid="paste-not-read">
          {notReadText(found.not_read, found.list_max_lines)}
        </div>
      )}
      {rows.map((r, i) => {
        const at = groups.findIndex((g) => g.rows.includes(r));
        return (
          <PasteRow
            // The pasted lines in their order: the line's number is their identity.
            key={r.line.number}
            row={r}
            group={groups[at] ?? null}
            price={prices[at] ?? null}
            onChange={(change) => set(i, change)}
            onMore={() => void more(i)}
          />
        );
      })}
      {found && (
        <div className="send-box">
          {overCap && (
            <div className="notice error" role="alert" data-testid="paste-cap">
              В списке не больше {found.list_max_lines} строк: свободных мест — {free}, а новых позиций
              выбрано {fresh}. Снимите отметку с лишних.
            </div>
          )}
          <button
            type="button"
            className="wide"
            disabled={busy || ready === 0 || waiting || overCap}
            onClick={() => void add()}
          >
            Добавить в список ({ready} поз.)
          </button>
        </div>
      )}
    </div>
  );
}

function PasteRow({
  row: r,
  group,
  price,
  onChange,
  onMore,
}: {
  row: Row;
  group: Group | null;
  price: GroupPrice | null;
  onChange: (change: Partial<Row>) => void;
  onMore: () => void;
}) {
  const { line } = r;
  const typed = quantityOf(r.typed);
  const choose = (c: TPasteCandidate) => onChange({ chosen: c, take: c.sold, problem: null });
  const shownPrice = (c: TPasteCandidate) =>
    group && c.modification === group.candidate.modification && price?.state === "ready"
      ? { price: price.price, sign: price.sign }
      : { price: c.price, sign: c.currency_sign };
  return (
    <div className="order-line" data-testid="paste-line">
      <div className="sub wraps">
        Строка {line.number}: «{line.text}»
      </div>
      {line.status === "unreadable" ? (
        <div className="stock-none">{line.problem}</div>
      ) : (
        <div className="sub wraps" data-testid="paste-read">
          Прочитано: «{line.name}»
          {line.quantity !== null
            ? ` — ${line.quantity} шт.`
            : line.quantity_text === null
              ? ", количество не указано"
              : `, количество «${line.quantity_text}» не взято`}
        </div>
      )}
      {line.quantity_problem && <div className="stock-none">{line.quantity_problem}</div>}
      {line.note && <div className="sub wraps">{line.note}</div>}
      {line.status === "not_found" && <div className="stock-none">Не найдено в каталоге</div>}
      {line.status === "matched" && line.match && (
        <label className="pick">
          <input
            type="checkbox"
            checked={r.take && typed !== null}
            disabled={!line.match.sold || typed === null}
            onChange={(e) => onChange({ take: e.target.checked })}
          />
          <Candidate candidate={line.match} shown={shownPrice(line.match)} />
        </label>
      )}
      {line.status === "ambiguous" && (
        <fieldset className="pick-group">
          <legend className="sub">Подходит несколько, выберите:</legend>
          {r.offered.map((a) => (
            <label key={a.modification} className="pick">
              <input
                type="radio"
                name={`paste-${line.number}`}
                checked={r.chosen?.modification === a.modification}
                disabled={!a.sold}
                onChange={() => choose(a)}
              />
              <Candidate candidate={a} shown={shownPrice(a)} />
            </label>
          ))}
          {r.page < line.alternatives_pages && (
            <button type="button" className="plain" onClick={onMore}>
              Показать ещё
            </button>
          )}
        </fieldset>
      )}
      {(line.status === "matched" || line.status === "ambiguous") && (
        <label className="paste-quantity">
          Количество, шт.
          <input
            inputMode="numeric"
            aria-label={`Количество, строка ${line.number}`}
            value={r.typed}
            onChange={(e) => onChange({ typed: e.target.value.trim(), problem: null })}
          />
        </label>
      )}
      {(line.status === "matched" || line.status === "ambiguous") &&
        typed === null &&
        // A quantity read and not taken is said above until the client types one.
        (r.typed !== "" || !line.quantity_problem) && <div className="stock-none">{BAD_QUANTITY}</div>}
      {group && group.rows.length > 1 && (
        <div className="sub wraps">
          Строки {group.rows.map((g) => g.line.number).join(", ")} — один товар: вместе {group.sum} шт.
        </div>
      )}
      {group && group.inList > 0 && (
        <div className="sub wraps" data-testid="paste-in-list">
          В списке уже {group.inList} шт.: станет {group.total} шт.
        </div>
      )}
      {price?.state === "refused" && <div className="stock-none">{price.problem}</div>}
      {r.problem && (
        <div className="notice error" role="alert">
          {r.problem}
        </div>
      )}
    </div>
  );
}

function Candidate({
  candidate: c,
  shown,
}: {
  candidate: TPasteCandidate;
  shown: { price: number | null; sign: string };
}) {
  return (
    <span>
      {c.name}
      {shown.price !== null && <span className="sub-inline"> · {formatPrice(shown.price, shown.sign)}</span>}
      {!c.sold && <span className="stock-none"> · не продаётся</span>}
    </span>
  );
}
