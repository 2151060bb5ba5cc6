import type { TPasteAppliedLine, TPasteApply, TPasteCandidate, TPasteLine } from "@wholesale/contract";

/** The most units a line may hold (the ordering service's maximum): a typed quantity is judged as it is typed. */
const MOST = 100_000;
export const BAD_QUANTITY = `Укажите количество целым числом от 1 до ${MOST}.`;

/** A pasted line on screen: what the client chose for it and the quantity the field holds. */
export type Row = {
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
export type Group = { candidate: TPasteCandidate; rows: Row[]; sum: number; inList: number; total: number };

/** The unit price a group goes in at: the answer's or a quote's for its total, being asked, or refused. */
export type GroupPrice =
  | { state: "ready"; price: number | null; kopecks: number | null; sign: string }
  | { state: "asking" }
  | { state: "refused"; problem: string };

/** A quote's answer for a group's total: its unit price, or why it was refused. */
export type Quoted = { price: number | null; kopecks: number | null; sign: string } | { problem: string };

export const quantityOf = (typed: string) => {
  if (!/^\d+$/.test(typed)) return null;
  const n = Number(typed);
  return n >= 1 && n <= MOST ? n : null;
};

export const rowOf = (line: TPasteLine): Row => {
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
export function groupsOf(rows: Row[], listed: ReadonlyMap<number, number> | null): Group[] {
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

export const quoteKey = (g: Group) => `${g.candidate.modification}:${g.total}`;

export function priceOf(g: Group, quotes: Readonly<Record<string, Quoted>>): GroupPrice {
  const answered = g.rows.find((r) => r.chosen && pricedFor(r, r.chosen) === g.total)?.chosen;
  // Without prices there is nothing to confirm: every quote would be null too.
  const known = answered ?? (g.candidate.price_kopecks === null ? g.candidate : null);
  if (known)
    return { state: "ready", price: known.price, kopecks: known.price_kopecks, sign: known.currency_sign };
  const quoted = quotes[quoteKey(g)];
  if (!quoted) return { state: "asking" };
  return "problem" in quoted ? { state: "refused", problem: quoted.problem } : { state: "ready", ...quoted };
}

/** The groups priced by now, as the add sends them, and the numbers of the pasted lines they carry. */
export function applyOf(groups: Group[], prices: GroupPrice[]): { body: TPasteApply; sent: Set<number> } {
  const addable = groups.flatMap((g, i) => {
    const price = prices[i];
    return price?.state === "ready" ? [{ group: g, kopecks: price.kopecks }] : [];
  });
  return {
    body: {
      lines: addable.map(({ group: g, kopecks }) => ({
        modification: g.candidate.modification,
        quantity: g.sum,
        price_kopecks: kopecks,
        in_list: g.inList,
      })),
    },
    sent: new Set(addable.flatMap((a) => a.group.rows.map((r) => r.line.number))),
  };
}

/** A position an add left out: refused, or the list held another number of it than the page showed. */
export type LeftOut = Exclude<TPasteAppliedLine, { status: "added" }>;

/** After an add that left positions out: the lines that went in leave, the others stay with their reasons. */
export function rowsLeft(rows: Row[], sent: ReadonlySet<number>, left: LeftOut[]): Row[] {
  const why = new Map(
    left.map((r) => [r.modification, r.status === "refused" ? r.refusal.detail : r.detail]),
  );
  return rows.flatMap((r) => {
    if (!sent.has(r.line.number) || !r.chosen) return [r];
    const reason = why.get(r.chosen.modification);
    return reason ? [{ ...r, problem: reason }] : [];
  });
}
