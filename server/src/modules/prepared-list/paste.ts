import type { TPasteCandidate, TPasteLine, TPasteMatch } from "@wholesale/contract";
import { positionName } from "@wholesale/contract";
import { type listView, MAX_QUANTITY, toKopecks } from "../ordering/index.ts";

type View = Extract<Awaited<ReturnType<typeof listView>>, { ok: true }>;

/** Lines of a pasted text looked at: a wholesale order is far shorter. */
const MAX_LINES = 100;

/**
 * A pasted line's name and quantity: the number after a dash, colon, «x» or a comma at the line's end, or one
 * followed by «шт». A bare number after a space is part of the name («iPhone 15»); no number means 1.
 */
export function parsePastedLine(text: string): { name: string; quantity: number } {
  const line = text.trim();
  const found =
    /^(.*?)\s*(?:[—–\-:;,×xх*]|\t)\s*(\d{1,6})\s*(?:шт\.?|штук[и]?)?\s*$/i.exec(line) ??
    /^(.*?)\s+(\d{1,6})\s*(?:шт\.?|штук[и]?)\s*$/i.exec(line);
  if (found?.[1]?.trim()) {
    const quantity = Number(found[2]);
    if (quantity >= 1 && quantity <= MAX_QUANTITY) return { name: found[1].trim(), quantity };
  }
  return { name: line, quantity: 1 };
}

const squeezed = (s: string) => s.toLowerCase().replace(/[\s.,]+/g, "");

/**
 * Each pasted line matched to the catalogue the client sees (the ordering service's search: every word in the
 * name, specifications, product or brand). The words with digits are left out when nothing has them all
 * («1м» against «1 м»). One result, or one whose whole name is the line's: `matched`; several: `ambiguous`.
 */
export async function matchPasted(view: View, text: string): Promise<TPasteMatch> {
  const pasted = text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== "")
    .slice(0, MAX_LINES);
  const lines = await Promise.all(pasted.map((l) => matchLine(view, l)));
  return { lines };
}

async function matchLine(view: View, text: string): Promise<TPasteLine> {
  const { name, quantity } = parsePastedLine(text);
  let found = (await view.search(name)).items;
  if (found.length === 0) {
    const plain = name
      .split(/\s+/)
      .filter((w) => !/\d/.test(w))
      .join(" ");
    if (plain !== name && plain.length >= 2) found = (await view.search(plain)).items;
  }
  if (found.length === 0) return { text, quantity, status: "not_found", match: null, alternatives: [] };
  const now = await view.linesNow(found.map((m) => ({ modificationId: m.id, quantity })));
  const candidates: TPasteCandidate[] = found.map((m, i) => {
    const line = now[i];
    return {
      modification: m.id,
      name: line?.name ?? positionName({ brand: m.brandName, product: m.productName, modification: m.name }),
      price: line?.price ?? null,
      price_kopecks: line?.price == null ? null : toKopecks(line.price),
      currency_sign: line?.currencySign ?? "",
      sold: line?.sold ?? false,
    };
  });
  const exact = candidates.filter(
    (c, i) => squeezed(c.name) === squeezed(name) || squeezed(found[i]?.name ?? "") === squeezed(name),
  );
  const match = exact.length === 1 ? exact[0] : candidates.length === 1 ? candidates[0] : undefined;
  return match
    ? { text, quantity, status: "matched", match, alternatives: [] }
    : { text, quantity, status: "ambiguous", match: null, alternatives: candidates };
}
