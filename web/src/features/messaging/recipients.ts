/** «клиент», «клиента» or «клиентов», as Russian counts them. */
export function clientsWord(count: number): string {
  const tens = count % 100;
  const ones = count % 10;
  if (tens >= 11 && tens <= 14) return "клиентов";
  if (ones === 1) return "клиент";
  if (ones >= 2 && ones <= 4) return "клиента";
  return "клиентов";
}

/**
 * The question before a message goes out now: the number the server counted (while it counts, the audience
 * in words alone) — «Сообщение получат 142 клиента: клиенты малого опта».
 */
export function recipientsText(who: string, count: number | undefined): string {
  if (count === undefined) return `Сообщение получат ${who}`;
  return `Сообщение получат ${count} ${clientsWord(count)}: ${who}`;
}
