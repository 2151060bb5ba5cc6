/**
 * How an order position is named wherever it is written (the ordering service for the bot and the Mini App,
 * demo data, test factories, bench data) and read (collection, picking lists, invoices, order texts): brand,
 * product and modification, «Apple Кабель Lightning 1 м». The catalogue has the same product under several
 * brands, so a name without its brand sends the storehouse to the wrong shelf.
 *
 * A product already named with its brand («Apple iPhone 15» under Apple) does not get it twice. The comparison
 * is case-sensitive, as the data migration that added the brand to older positions (0009) is: a name reads
 * the same whichever of the two wrote it.
 */
export function positionName({
  brand,
  product,
  modification,
}: {
  brand: string;
  product: string;
  modification: string;
}): string {
  const b = brand.trim();
  const p = product.trim();
  const carriesBrand = p === b || p.startsWith(`${b} `);
  return [carriesBrand ? "" : b, p, modification.trim()].filter((part) => part !== "").join(" ");
}
