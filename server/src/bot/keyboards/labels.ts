/** How a label reads: case, spacing and Unicode forms aside, as a client tells two buttons apart. */
const reading = (label: string) =>
  label.normalize("NFKC").toLocaleLowerCase("ru").replace(/\s+/g, " ").trim();

/**
 * The labels of one screen's buttons, no two reading alike: a label that reads as another on the same screen
 * (names that differ only in case or spacing, or whose words join the same way: «Apple iPhone» + «15» and
 * «Apple» + «iPhone 15») gets the item's number in the catalogue, «· №123», the one thing that is always its
 * own and that staff find it by.
 */
export function distinctLabels<T extends { id: number }>(items: T[], label: (item: T) => string): string[] {
  const labels = items.map(label);
  const count = new Map<string, number>();
  for (const l of labels) count.set(reading(l), (count.get(reading(l)) ?? 0) + 1);
  return labels.map((l, i) => ((count.get(reading(l)) ?? 0) > 1 ? `${l} · №${items[i]?.id}` : l));
}
