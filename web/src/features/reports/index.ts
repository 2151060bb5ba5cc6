// What other areas may use of the reports: the leftover reports (the catalogue's «Остатки») and a report's file.
// The rest of this folder is the «Накладные» screen's own.
export {
  downloadReportFile,
  LEFTOVER_PAGE_SIZE,
  useDeleteLeftover,
  useGenerateLeftover,
  useLeftovers,
} from "./api.ts";
