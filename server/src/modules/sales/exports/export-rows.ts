import type { Writable } from "node:stream";
import { clientDisplayName } from "@wholesale/contract";

/** A spreadsheet built on request: its file name, and the workbook streamed into `out`. */
export type SpreadsheetExport = { filename: string; write: (out: Writable) => Promise<void> };

/** A client as the sales spreadsheets name it. */
export const clientOf = (r: {
  clientId: number;
  nickname: string;
  organizationName: string;
  offline: boolean;
}) =>
  clientDisplayName({
    id: r.clientId,
    nickname: r.nickname,
    organization_name: r.organizationName,
    offline: r.offline,
  });

/** A position's modification, with its addition when it has one. */
export const positionLabel = (r: { modification: string; addition: string | null }) =>
  r.addition ? `${r.modification} + ${r.addition}` : r.modification;
