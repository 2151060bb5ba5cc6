import type { TPasteApplied, TPasteMatch } from "@wholesale/contract";

/** «Строк не прочитано»: the lines past the paste's bound, counted, with where they start. */
export const notReadText = (notRead: NonNullable<TPasteMatch["not_read"]>, max: number) =>
  `Не прочитано строк: ${notRead.count}, начиная со строки № ${notRead.from_number}: за раз читается не больше ` +
  `${max} строк — столько вмещает список. Вставьте остальные следующим списком.`;

/** What went in, counted as positions (the lines of one product are one), and from how many lines. */
export function addedText(results: TPasteApplied["results"], lines: number) {
  const added = results.filter((r) => r.status === "added");
  const grown = added.filter((r) => r.before > 0).length;
  const parts = [`Добавлено в список: ${added.length} поз.`];
  if (lines > results.length) parts.push(`Строк было ${lines}: строки одного товара сложены.`);
  if (grown > 0) parts.push(`У ${grown} поз. количество прибавлено к тому, что уже было в списке.`);
  return parts.join(" ");
}
