import { type Deflated, type ZipEntry, zipArchive } from "./zip.ts";

const MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
const RELS = "http://schemas.openxmlformats.org/package/2006/relationships";
const OFFICE_RELS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";

/** The start of a worksheet part up to its rows, with an optional declared used range. */
export const sheetHead = (dimension?: string) =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="${MAIN}" xmlns:r="${OFFICE_RELS}">` +
  `${dimension ? `<dimension ref="${dimension}"/>` : ""}<sheetData>`;
export const SHEET_TAIL = "</sheetData></worksheet>";
export const sharedStringsHead = (count: number) =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<sst xmlns="${MAIN}" count="${count}" uniqueCount="${count}">`;
export const SHARED_STRINGS_TAIL = "</sst>";

/** One row of inline-string and number cells, as `<row>` XML. */
export function rowXml(number: number, values: (string | number | null)[]): string {
  const cells = values.map((value, i) => {
    const ref = `${String.fromCharCode(65 + i)}${number}`;
    if (value === null) return "";
    if (typeof value === "number") return `<c r="${ref}"><v>${value}</v></c>`;
    return `<c r="${ref}" t="inlineStr"><is><t>${value}</t></is></c>`;
  });
  return `<row r="${number}">${cells.join("")}</row>`;
}

type Part = string | Deflated;

/**
 * A workbook written part by part, the way spreadsheet programs lay it out: what a test needs to build a
 * file exceljs would never write (a lying size, a huge sheet, a giant shared string).
 */
export function xlsxFromParts(parts: {
  sheet: Part;
  sharedStrings?: Part;
  /** Sizes the archive claims for parts, by path: the lie of a zip bomb. */
  declaredSizes?: Record<string, number>;
}): Buffer {
  const files: [string, Part][] = [
    [
      "[Content_Types].xml",
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
        `<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>` +
        `<Default Extension="xml" ContentType="application/xml"/>` +
        `<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>` +
        `<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>` +
        (parts.sharedStrings
          ? `<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>`
          : "") +
        "</Types>",
    ],
    [
      "_rels/.rels",
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="${RELS}">` +
        `<Relationship Id="rId1" Type="${OFFICE_RELS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ],
    [
      "xl/workbook.xml",
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<workbook xmlns="${MAIN}" xmlns:r="${OFFICE_RELS}">` +
        `<sheets><sheet name="Предложения" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ],
    [
      "xl/_rels/workbook.xml.rels",
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="${RELS}">` +
        `<Relationship Id="rId1" Type="${OFFICE_RELS}/worksheet" Target="worksheets/sheet1.xml"/>` +
        (parts.sharedStrings
          ? `<Relationship Id="rId2" Type="${OFFICE_RELS}/sharedStrings" Target="sharedStrings.xml"/>`
          : "") +
        "</Relationships>",
    ],
    ["xl/worksheets/sheet1.xml", parts.sheet],
  ];
  if (parts.sharedStrings) files.push(["xl/sharedStrings.xml", parts.sharedStrings]);
  const entries: ZipEntry[] = files.map(([name, part]) => ({
    name,
    data: typeof part === "string" ? Buffer.from(part) : part,
    declaredSize: parts.declaredSizes?.[name],
  }));
  return zipArchive(entries);
}
