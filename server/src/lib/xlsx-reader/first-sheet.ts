import { posix } from "node:path";
import { SaxesParser, type SaxesTagPlain } from "saxes";
import { inflateEntry, readZipDirectory, type ZipEntry, ZipError } from "./zip.ts";

export type CellValue = string | number | boolean;
/** A row holding at least one value; `cells[0]` is column A, an empty cell is undefined. */
export type SheetRow = { number: number; cells: (CellValue | undefined)[] };

/** What reading one sheet may cost; the reader stops at the first limit passed, whatever the file claims. */
export type SheetBudget = {
  /** Rows holding a value (the header too); a declared used range reaching further is refused unread. */
  maxRows: number;
  /** Columns returned from A; cells further right are counted, not kept. */
  maxColumns: number;
  /** Cells read, empty ones too. */
  maxCells: number;
  /** Uncompressed bytes of the sheet and its shared strings together, as declared (and then held to). */
  maxXmlBytes: number;
  /** Characters of text in the returned cells. */
  maxTextChars: number;
};

export type SheetRefusalReason =
  | "not_xlsx"
  | "no_sheet"
  | "too_many_rows"
  | "too_many_cells"
  | "too_large"
  | "too_much_text";

/** The file is refused: `reason` says which promise of a spreadsheet it broke or which limit it passed. */
export class SheetRefusal extends Error {
  // A field of its own, not a constructor parameter property: Node runs this file's TypeScript as it is in the
  // sheet worker (read-sheet-off-thread.ts), and stripping types leaves no parameter properties.
  readonly reason: SheetRefusalReason | "too_slow";
  constructor(reason: SheetRefusalReason | "too_slow") {
    super(`spreadsheet refused: ${reason}`);
    this.reason = reason;
  }
}

type XmlHandlers = {
  open?: (local: string, tag: SaxesTagPlain) => void;
  close?: (local: string) => void;
  text?: (text: string) => void;
};

const localName = (name: string) => name.slice(name.indexOf(":") + 1);

// The package parts that lead to the sheet are small; a megabyte is far more than any program writes.
const MAX_PACKAGE_PART_BYTES = 1024 * 1024;

/**
 * Streams one part of the archive through the XML parser, inflated piece by piece and never past the size
 * its entry declares (the caller checked that size). A damaged archive or malformed XML refuses the file as
 * not a spreadsheet. DTD entities are never expanded (saxes reads no DTD), so an entity bomb is bad XML too.
 */
async function parsePart(data: Buffer, entry: ZipEntry, on: XmlHandlers): Promise<void> {
  const parser = new SaxesParser<{ xmlns: false; position: false }>({ xmlns: false, position: false });
  if (on.open) {
    const open = on.open;
    parser.on("opentag", (tag) => open(localName(tag.name), tag));
  }
  if (on.close) {
    const close = on.close;
    parser.on("closetag", (tag) => close(localName(tag.name)));
  }
  if (on.text) {
    parser.on("text", on.text);
    parser.on("cdata", on.text);
  }
  const decoder = new TextDecoder("utf-8", { fatal: true });
  try {
    for await (const chunk of inflateEntry(data, entry))
      parser.write(decoder.decode(chunk, { stream: true }));
    parser.write(decoder.decode()).close();
  } catch (error) {
    if (error instanceof SheetRefusal) throw error;
    // Untrusted bytes: an archive that lies, a broken deflate stream, bad UTF-8 or bad XML.
    throw new SheetRefusal("not_xlsx");
  }
}

/** Relationship targets of a `.rels` part by type (the last path segment of its Type URI) and by id. */
async function relationships(data: Buffer, zip: Map<string, ZipEntry>, path: string) {
  const entry = packagePart(zip, path);
  const base = posix.dirname(posix.dirname(path));
  const byId = new Map<string, string>();
  const byType = new Map<string, string>();
  await parsePart(data, entry, {
    open: (name, tag) => {
      if (name !== "Relationship") return;
      const target = String(tag.attributes.Target ?? "");
      // Targets are relative to the part's folder, or absolute from the package root.
      const resolved = target.startsWith("/") ? target.slice(1) : posix.normalize(posix.join(base, target));
      byId.set(String(tag.attributes.Id ?? ""), resolved);
      const type =
        String(tag.attributes.Type ?? "")
          .split("/")
          .at(-1) ?? "";
      if (!byType.has(type)) byType.set(type, resolved);
    },
  });
  return { byId, byType };
}

const relsOf = (part: string) => posix.join(posix.dirname(part), "_rels", `${posix.basename(part)}.rels`);

/** The relationship id of the workbook's first sheet (the first tab), whatever prefix its namespace has. */
async function firstSheetId(data: Buffer, entry: ZipEntry): Promise<string> {
  let id: string | undefined;
  await parsePart(data, entry, {
    open: (name, tag) => {
      if (name !== "sheet" || id !== undefined) return;
      const key = Object.keys(tag.attributes).find((k) => k.endsWith(":id"));
      id = key ? String(tag.attributes[key]) : "";
    },
  });
  if (id === undefined) throw new SheetRefusal("no_sheet");
  return id;
}

async function sharedStrings(
  data: Buffer,
  entry: ZipEntry | undefined,
  budget: SheetBudget,
): Promise<string[]> {
  const strings: string[] = [];
  if (!entry) return strings;
  let current: string[] | null = null;
  // Phonetic hints (<rPh>) hold their own <t>, which is not part of the string.
  let inPhonetic = false;
  let inText = false;
  await parsePart(data, entry, {
    open: (name) => {
      if (name === "si") current = [];
      else if (name === "rPh") inPhonetic = true;
      else if (name === "t") inText = !inPhonetic && current !== null;
    },
    close: (name) => {
      if (name === "si" && current) {
        // More strings than cells could ever use is not a spreadsheet made for reading.
        if (strings.length >= budget.maxCells) throw new SheetRefusal("too_large");
        strings.push(current.join(""));
        current = null;
      } else if (name === "rPh") inPhonetic = false;
      else if (name === "t") inText = false;
    },
    text: (text) => {
      if (inText) current?.push(text);
    },
  });
  return strings;
}

/** Column number (1 for A) of a cell reference such as "AB12"; 0 when it has no letters. */
function columnOf(ref: string): number {
  let column = 0;
  for (const char of ref) {
    const code = char.charCodeAt(0);
    if (code < 65 || code > 90) break;
    column = column * 26 + (code - 64);
  }
  return column;
}

/** The last row of a used range such as "A1:H20001" (or "B3"); undefined when unreadable. */
function lastRowOf(range: string): number | undefined {
  const last = range.split(":").at(-1) ?? "";
  const digits = /\d+$/.exec(last)?.[0];
  return digits === undefined ? undefined : Number(digits);
}

function cellValue(type: string, raw: string, strings: string[]): CellValue | undefined {
  if (raw === "") return undefined;
  switch (type) {
    case "s": {
      const value = strings[Number(raw)];
      if (value === undefined) throw new SheetRefusal("not_xlsx");
      return value === "" ? undefined : value;
    }
    case "b":
      return raw === "1";
    case "inlineStr":
    case "str":
    case "e":
    case "d":
      return raw;
    default: {
      const number = Number(raw);
      return Number.isFinite(number) ? number : raw;
    }
  }
}

async function sheetRows(
  data: Buffer,
  entry: ZipEntry,
  strings: string[],
  budget: SheetBudget,
): Promise<SheetRow[]> {
  const rows: SheetRow[] = [];
  let cells = 0;
  let textChars = 0;
  let row: SheetRow | null = null;
  let rowNumber = 0;
  let column = 0;
  let type = "";
  let raw: string[] = [];
  // Text counts inside <v> (a value) and inside <is> (an inline string's <t>, not its phonetic hints).
  let capture: "value" | "inline" | null = null;
  let inInline = false;
  let inPhonetic = false;
  await parsePart(data, entry, {
    open: (name, tag) => {
      switch (name) {
        case "dimension": {
          const last = lastRowOf(String(tag.attributes.ref ?? ""));
          if (last !== undefined && last > budget.maxRows) throw new SheetRefusal("too_many_rows");
          break;
        }
        case "row": {
          const r = Number(tag.attributes.r);
          rowNumber = Number.isInteger(r) && r > 0 ? r : rowNumber + 1;
          row = { number: rowNumber, cells: [] };
          column = 0;
          break;
        }
        case "c": {
          if (++cells > budget.maxCells) throw new SheetRefusal("too_many_cells");
          const ref = columnOf(String(tag.attributes.r ?? ""));
          column = ref > 0 ? ref : column + 1;
          type = String(tag.attributes.t ?? "n");
          raw = [];
          break;
        }
        case "v":
          capture = "value";
          break;
        case "is":
          inInline = true;
          break;
        case "rPh":
          inPhonetic = true;
          break;
        case "t":
          if (inInline && !inPhonetic) capture = "inline";
          break;
      }
    },
    close: (name) => {
      switch (name) {
        case "v":
        case "t":
          capture = null;
          break;
        case "is":
          inInline = false;
          break;
        case "rPh":
          inPhonetic = false;
          break;
        case "c": {
          const value = cellValue(type, raw.join(""), strings);
          if (value === undefined || !row) break;
          if (column <= budget.maxColumns) {
            if (typeof value === "string") textChars += value.length;
            if (textChars > budget.maxTextChars) throw new SheetRefusal("too_much_text");
            row.cells[column - 1] = value;
          }
          // A value in any column makes the row count; only the first columns are kept.
          if (rows.at(-1) !== row) {
            if (rows.length >= budget.maxRows) throw new SheetRefusal("too_many_rows");
            rows.push(row);
          }
          break;
        }
        case "row":
          row = null;
          break;
      }
    },
    text: (text) => {
      if (capture) raw.push(text);
    },
  });
  return rows;
}

/** A part on the way to the sheet: absent or oversized means this is no spreadsheet. */
function packagePart(zip: Map<string, ZipEntry>, path: string | undefined): ZipEntry {
  const entry = path === undefined ? undefined : zip.get(path);
  if (!entry) throw new SheetRefusal("not_xlsx");
  if (entry.size > MAX_PACKAGE_PART_BYTES) throw new SheetRefusal("too_large");
  return entry;
}

/**
 * The first sheet (the first tab) of an xlsx file, read within `budget`: the archive's declared sizes are
 * checked before anything is inflated, the sheet's declared used range before any row is read, and then
 * rows, cells and text are counted as they stream past, so a bomb is refused early with little memory.
 */
export async function readFirstSheet(data: Buffer, budget: SheetBudget): Promise<SheetRow[]> {
  let zip: Map<string, ZipEntry>;
  try {
    zip = readZipDirectory(data);
  } catch (error) {
    if (error instanceof ZipError) throw new SheetRefusal("not_xlsx");
    throw error;
  }
  const workbookPath = (await relationships(data, zip, "_rels/.rels")).byType.get("officeDocument");
  const workbook = packagePart(zip, workbookPath);
  const links = await relationships(data, zip, relsOf(workbook.name));
  const sheet = zip.get(links.byId.get(await firstSheetId(data, workbook)) ?? "");
  if (!sheet) throw new SheetRefusal("no_sheet");
  const stringsPath = links.byType.get("sharedStrings");
  const strings = stringsPath === undefined ? undefined : zip.get(stringsPath);
  // Both declared sizes are checked before either part is read.
  if (sheet.size + (strings?.size ?? 0) > budget.maxXmlBytes) throw new SheetRefusal("too_large");
  return sheetRows(data, sheet, await sharedStrings(data, strings, budget), budget);
}
