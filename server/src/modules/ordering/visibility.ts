import { and, eq, notInArray, or, type SQL, sql } from "drizzle-orm";
import {
  brands,
  modificationClients,
  modificationGroups,
  modifications,
  modificationTransportations,
} from "../../db/schema/index.ts";
import type { ClientContext } from "./client-context.ts";
import type { PriceList } from "./types.ts";

const typeFlag = (list: PriceList) =>
  list === "small" ? modifications.availableSmallWholesale : modifications.availableLargeWholesale;

/**
 * Whether a modification is shown to the client (the query must join products and brands). Hidden: a brand
 * in the client's banned_brands; a modification restricted to clients, groups or directions that do not
 * include this client; a modification whose availability is false for every list the client orders from.
 * Availability null ("not decided") shows the modification without selling it.
 */
export function visibleTo(client: ClientContext): SQL {
  const restricted = (
    table: typeof modificationClients | typeof modificationGroups | typeof modificationTransportations,
  ) => sql`exists (select 1 from ${table} where ${table.modificationId} = ${modifications.id})`;
  const audience = or(
    and(
      sql`not ${restricted(modificationClients)}`,
      sql`not ${restricted(modificationGroups)}`,
      sql`not ${restricted(modificationTransportations)}`,
    ),
    sql`exists (select 1 from ${modificationClients} where ${modificationClients.modificationId} = ${modifications.id} and ${eq(modificationClients.clientId, client.id)})`,
    client.groupId === null
      ? undefined
      : sql`exists (select 1 from ${modificationGroups} where ${modificationGroups.modificationId} = ${modifications.id} and ${eq(modificationGroups.groupId, client.groupId)})`,
    client.transportationId === null
      ? undefined
      : sql`exists (select 1 from ${modificationTransportations} where ${modificationTransportations.modificationId} = ${modifications.id} and ${eq(modificationTransportations.transportationId, client.transportationId)})`,
  );
  const typeShown = or(...client.orderLists.map((list) => sql`${typeFlag(list)} is distinct from false`));
  return and(
    client.bannedBrands.length ? notInArray(brands.name, client.bannedBrands) : undefined,
    audience,
    typeShown,
  ) as SQL;
}
