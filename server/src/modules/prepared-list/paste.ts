import type { TPasteAlternatives, TPasteCandidate, TPasteLine, TPasteMatch } from "@wholesale/contract";
import { positionName } from "@wholesale/contract";
import { type ListView, toKopecks } from "../ordering/index.ts";
import { type NumberedLine, pastedLines, readPastedLine } from "./pasted-line.ts";

/** Units of each modification in the client's list now: a paste adds to them. */
export type InList = ReadonlyMap<number, number>;

type Found = Awaited<ReturnType<ListView["search"]>>;

/** Control characters shown as «�», so the page shows where the line was not read. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const shownText = (text: string) => text.replace(/[\u0000-\u0008\u000a-\u001f\u007f-\u009f]/g, "\ufffd");

const squeezed = (s: string) => s.toLowerCase().replace(/[\s.,]+/g, "");

/**
 * Each pasted line read (pasted-line.ts) and matched to the catalogue the client sees (the ordering service's
 * search: every word in the name, specifications, product or brand). The words with digits are left out when
 * nothing has them all («1м» against «1 м»). One result, or one whose whole name is the line's: `matched`;
 * several: `ambiguous`.
 */
export async function matchPasted(
  view: ListView,
  text: string,
  inList: InList,
): Promise<Omit<TPasteMatch, "list_lines" | "list_max_lines">> {
  const { lines, notRead } = pastedLines(text);
  return {
    lines: await Promise.all(lines.map((l) => matchLine(view, l, inList))),
    not_read: notRead && { count: notRead.count, from_number: notRead.from },
  };
}

async function matchLine(view: ListView, pasted: NumberedLine, inList: InList): Promise<TPasteLine> {
  const read = readPastedLine(pasted.text);
  const shown = { number: pasted.number, text: shownText(pasted.text) };
  if (!read.readable)
    return {
      ...shown,
      status: "unreadable",
      problem: read.problem,
      name: "",
      quantity: null,
      quantity_text: null,
      quantity_problem: null,
      note: null,
      match: null,
      alternatives: [],
      alternatives_pages: 0,
      search: "",
    };
  const { name } = read;
  const { search, found } = await searched(view, name);
  const candidates = await priced(view, found.items, read.quantity ?? 1, inList);
  const exact = candidates.filter(
    (c, i) => squeezed(c.name) === squeezed(name) || squeezed(found.items[i]?.name ?? "") === squeezed(name),
  );
  const match = exact.length === 1 ? exact[0] : candidates.length === 1 ? candidates[0] : undefined;
  const answer = {
    ...shown,
    problem: null,
    name,
    quantity: read.quantity,
    quantity_text: read.written,
    quantity_problem: read.problem,
    note: read.note,
    search,
  };
  if (candidates.length === 0)
    return { ...answer, status: "not_found", match: null, alternatives: [], alternatives_pages: 0 };
  return match
    ? { ...answer, status: "matched", match, alternatives: [], alternatives_pages: 0 }
    : {
        ...answer,
        status: "ambiguous",
        match: null,
        alternatives: candidates,
        alternatives_pages: found.pages,
      };
}

/** The first page found for the name, or for its words without digits when the name finds nothing. */
async function searched(view: ListView, name: string): Promise<{ search: string; found: Found }> {
  const found = await view.search(name);
  if (found.items.length > 0) return { search: name, found };
  const plain = name
    .split(/\s+/)
    .filter((w) => !/\d/.test(w))
    .join(" ");
  if (plain === name || plain.length < 2) return { search: name, found };
  return { search: plain, found: await view.search(plain) };
}

/** The modifications found, each priced now for the units the list would hold: `quantity` added to its own. */
async function priced(
  view: ListView,
  items: Found["items"],
  quantity: number,
  inList: InList,
): Promise<TPasteCandidate[]> {
  const now = await view.linesNow(
    items.map((m) => ({ modificationId: m.id, quantity: quantity + (inList.get(m.id) ?? 0) })),
  );
  return items.map((m, i) => {
    const line = now[i];
    return {
      modification: m.id,
      name: line?.name ?? positionName({ brand: m.brandName, product: m.productName, modification: m.name }),
      price: line?.price ?? null,
      price_kopecks: line?.price == null ? null : toKopecks(line.price),
      currency_sign: line?.currencySign ?? "",
      sold: line?.sold ?? false,
      in_list: inList.get(m.id) ?? 0,
    };
  });
}

/** «Показать ещё»: a further page of a line's candidates, priced as the line's first page was. */
export async function pastedAlternatives(
  view: ListView,
  query: { search: string; quantity: number; page: number },
  inList: InList,
): Promise<TPasteAlternatives> {
  const found = await view.search(query.search, query.page);
  return {
    alternatives: await priced(view, found.items, query.quantity, inList),
    page: found.page,
    pages: found.pages,
  };
}
