import { PREPARED_LIST_MAX_LINES } from "@wholesale/contract";
import { MAX_QUANTITY } from "../ordering/index.ts";

/**
 * How a pasted line was read: its name and the quantity written at its end, or why the quantity is not taken
 * (`problem`: shown to the client, who fixes it; nothing is guessed). A line the reader cannot read at all
 * (control characters) says so and is searched for nothing.
 */
export type ReadLine =
  | { readable: false; problem: string }
  | {
      readable: true;
      name: string;
      /** The quantity taken: null when none is written (the page then offers 1) or it is not taken (`problem`). */
      quantity: number | null;
      /** The quantity as written; null when the line ends with none. */
      written: string | null;
      problem: string | null;
      /** A number ending the name, read as part of it («iPhone 15»): the client is told, in case it was meant. */
      note: string | null;
    };

const UNREADABLE = "В строке есть непечатаемые символы: она не прочитана. Перепечатайте её.";

/** C0 and C1 control characters other than the tab (a spreadsheet's cells): a line with one is not read. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const CONTROL = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f]/;
/** Spaces that are not typed as spaces (a copied table's) and characters of no width, which a search never finds. */
const ODD_SPACE = /[\u00a0\u2007\u202f]/g;
const NO_WIDTH = /[\u200b-\u200d\u2060\ufeff]/g;

/**
 * A quantity as written: digits, a sign, a decimal part or an exponent, so «2,5», «-5» or «1e9» are read whole
 * and judged, not cut to the digits after their comma or sign.
 */
const AMOUNT = String.raw`[-−]?\d+(?:[.,]\d+)*(?:[eE][+-]?\d+)?`;
const UNIT = String.raw`(?:шт\.?|штук[аи]?)`;
/**
 * What may stand between the name and the quantity: a tab (a spreadsheet's cells), a dash, a colon, a semicolon,
 * «=», «×», «*», a comma, or the letter x after a space («x 5», never the «x» of «Box 5»). None but the tab counts
 * between two digits («2,5», «3x5», «4-40» are one number, not a name's end and a quantity).
 */
const SEPARATOR = String.raw`(?:\t|(?<!\d)(?:[—–\-:;=×*,]|(?<=\s)[xXхХ])|[—–\-:;=×*,](?!\d))`;
const WITH_SEPARATOR = new RegExp(String.raw`^(.*?)\s*${SEPARATOR}\s*(${AMOUNT})\s*${UNIT}?$`, "i");
const WITH_UNIT = new RegExp(String.raw`^(.*?)\s*(${AMOUNT})\s*${UNIT}$`, "i");
const ENDING_NUMBER = /\s(\d+(?:[.,]\d+)?)$/;

/**
 * A pasted line's name and quantity: the amount after a dash, colon, «x», a tab or a comma at the line's end,
 * or one followed by «шт». A bare number after a space stays part of the name («iPhone 15»), said in `note`.
 */
export function readPastedLine(text: string): ReadLine {
  if (CONTROL.test(text)) return { readable: false, problem: UNREADABLE };
  const line = text.replace(NO_WIDTH, "").replace(ODD_SPACE, " ").trim();
  const found = WITH_SEPARATOR.exec(line) ?? WITH_UNIT.exec(line);
  const name = found?.[1]?.trim();
  if (found && name) {
    const written = found[2] ?? "";
    return { readable: true, name, written, ...judged(written), note: null };
  }
  const ending = ENDING_NUMBER.exec(line)?.[1];
  return {
    readable: true,
    name: line,
    quantity: null,
    written: null,
    problem: null,
    note: ending
      ? `Число «${ending}» в конце прочитано как часть названия. Если это количество, укажите его.`
      : null,
  };
}

/** A written amount taken as a quantity only when it is a whole number of 1 to MAX_QUANTITY written in digits. */
function judged(written: string): { quantity: number | null; problem: string | null } {
  const said = (why: string) => ({ quantity: null, problem: `Количество «${written}» — ${why}` });
  const plain = written.replace("−", "-");
  if (/^\d+$/.test(plain)) {
    const n = Number(plain);
    if (n < 1) return said("меньше 1.");
    if (n > MAX_QUANTITY) return said(`больше ${MAX_QUANTITY}.`);
    return { quantity: n, problem: null };
  }
  if (plain.startsWith("-")) return said("отрицательное число.");
  const value = Number(plain.replace(",", "."));
  if (/[.,]/.test(plain) && Number.isFinite(value) && !Number.isInteger(value))
    return said("не целое число.");
  if (Number.isFinite(value) && value > MAX_QUANTITY) return said(`больше ${MAX_QUANTITY}.`);
  return said("не прочитано: укажите целое число цифрами.");
}

/** A pasted text's non-empty lines with their numbers in it (from 1, empty lines counted, so the client finds them). */
export type NumberedLine = { number: number; text: string };

/**
 * The lines read of a pasted text: at most PREPARED_LIST_MAX_LINES (what a list holds), the rest counted with
 * the number of the first of them, so none goes unmentioned.
 */
export function pastedLines(text: string): {
  lines: NumberedLine[];
  notRead: { count: number; from: number } | null;
} {
  const all = text
    .split(/\r\n|[\r\n\u2028\u2029]/)
    .map((t, i) => ({ number: i + 1, text: t.trim() }))
    .filter((l) => l.text !== "");
  const rest = all.slice(PREPARED_LIST_MAX_LINES);
  return {
    lines: all.slice(0, PREPARED_LIST_MAX_LINES),
    notRead: rest[0] ? { count: rest.length, from: rest[0].number } : null,
  };
}
