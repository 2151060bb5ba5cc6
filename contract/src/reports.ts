import { z } from "./zod-ru.ts";

/** A leftover (stock) report; `file` is the API path that downloads it. */
export const ZLeftoverReportSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  created_at: z.string(),
  file: z.string(),
});
export type TLeftoverReport = z.infer<typeof ZLeftoverReportSchema>;
