/** Sorting by a sum in several currencies uses the first one listed (currencies come in a fixed order). */
export const firstTotal = (totals: { total: number }[]) => totals[0]?.total ?? 0;
