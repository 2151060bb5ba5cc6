/**
 * The LIKE / ILIKE pattern "contains `text`", with LIKE's wildcards in it (`%`, `_` and the escape `\`) taken
 * as the literal characters staff and clients typed.
 */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, "\\$&")}%`;
