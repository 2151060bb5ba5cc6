import { type SQL, sql, type WithSubquery } from "drizzle-orm";
import type { Db, Tx } from "./client.ts";

/**
 * Reads one row of values each spelt as a subquery (the hot reads' JSON columns: the client, the tapped
 * modification, the day's order, who is writing), in one statement with no table of its own: a select from a
 * one-row VALUES. `ctes` are WITH queries run by the same statement (a data-modifying one runs whether or not a
 * value reads it).
 */
export async function valuesRow<T extends Record<string, SQL>>(
  db: Db | Tx,
  values: T,
  ...ctes: WithSubquery[]
) {
  const [row] = await db
    .with(...ctes)
    .select(values)
    .from(sql`(values (1)) as one_row`);
  if (!row) throw new Error("a select from one-row VALUES returned no row");
  return row;
}
