/**
 * The row a statement cannot fail to return (an INSERT … RETURNING, a row just read under lock). Its absence
 * is a bug, not bad input, so it throws rather than letting an `as` cast pass `undefined` on.
 */
export function firstRow<T>(rows: readonly T[]): T {
  const [row] = rows;
  if (row === undefined) throw new Error("a statement that must return a row returned none");
  return row;
}
