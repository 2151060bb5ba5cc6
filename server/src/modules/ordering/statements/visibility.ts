import { type SQL, sql } from "drizzle-orm";
import type { Bindable } from "../../../db/fixed-statement.ts";
import {
  brands,
  modificationClients,
  modificationGroups,
  modifications,
  modificationTransportations,
  priceTiers,
} from "../../../db/schema/index.ts";
import { soldOut } from "../../stock/index.ts";
import type { ClientContext } from "../rules/client.ts";

/** What of the client decides which modifications they see: visibleTo's values. */
export type Audience = {
  clientId: Bindable<number>;
  groupId: Bindable<number | null>;
  transportationId: Bindable<number | null>;
  bannedBrands: Bindable<string[]>;
  /** Whether the client orders from the small-wholesale list, and from the large. */
  small: Bindable<boolean>;
  large: Bindable<boolean>;
};

export const audienceOf = (client: ClientContext) => ({
  clientId: client.id,
  groupId: client.groupId,
  transportationId: client.transportationId,
  bannedBrands: client.bannedBrands,
  small: client.orderLists.includes("small"),
  large: client.orderLists.includes("large"),
});

/**
 * Whether a modification is shown to the client (the query must join products and brands). Hidden: a brand
 * in the client's banned_brands; a modification restricted to clients, groups or directions that do not
 * include this client; a modification whose availability is false for every list the client orders from.
 * Availability null ("not decided") shows the modification without selling it. Sold out, a type's flag is
 * forced false (catalogue/availability.ts), so there a list counts as selling it when its tiers do: a client
 * still finds the sold-out modification, «нет в наличии», and may ask to hear when it is back
 * (rules/price-list.ts `availabilityShown` reads the flags alike).
 *
 * The same text for every client, the client's values bound: the tap's fixed statement (modification-data.ts)
 * and the lists (catalogue-lists.ts) read it alike. `unrestricted`: the modification is known to be restricted
 * to nobody (its kept data, announced when its audience changes: ordering-cache.ts), so the audience's tables
 * are not probed (an add's statement, add-position.ts).
 */
export function visibleTo(a: Audience, { unrestricted = false } = {}): SQL {
  const banned = Array.isArray(a.bannedBrands) ? sql.param(a.bannedBrands) : a.bannedBrands;
  // A group or direction of null equals none, so its list lets nobody in.
  const audience = unrestricted
    ? sql`true`
    : sql`(not ${restrictedAudience(sql`${modifications.id}`)}
      or exists (select 1 from ${modificationClients} where ${modificationClients.modificationId} = ${modifications.id}
        and ${modificationClients.clientId} = ${a.clientId}::int)
      or exists (select 1 from ${modificationGroups} where ${modificationGroups.modificationId} = ${modifications.id}
        and ${modificationGroups.groupId} = ${a.groupId}::int)
      or exists (select 1 from ${modificationTransportations}
        where ${modificationTransportations.modificationId} = ${modifications.id}
        and ${modificationTransportations.transportationId} = ${a.transportationId}::int))`;
  return sql`not (${brands.name} = any(${banned}::text[]))
    and ${audience}
    and ((${a.small}::boolean and (${modifications.availableSmallWholesale} is distinct from false
        or (${soldOut(modifications.quantity)} and ${tiersSell("small")})))
      or (${a.large}::boolean and (${modifications.availableLargeWholesale} is distinct from false
        or (${soldOut(modifications.quantity)} and ${tiersSell("large")}))))`;
}

/** Whether a tier of the modification sells it at `list`: a price other than 1 with its flag on (sellableTiers). */
const tiersSell = (list: "small" | "large") => {
  const [price, flag] =
    list === "small"
      ? [priceTiers.smallWholesale, priceTiers.availableSmallWholesale]
      : [priceTiers.largeWholesale, priceTiers.availableLargeWholesale];
  return sql`exists (select 1 from ${priceTiers} where ${priceTiers.modificationId} = ${modifications.id}
    and ${price} <> 1 and ${flag})`;
};

/**
 * Whether the modification `modificationId` is shown only to some clients, groups or directions (a row in any
 * of the three lists): visibleTo asks it of each row, and a modification's kept data holds it (modification-data.ts).
 */
export const restrictedAudience = (modificationId: SQL): SQL =>
  sql`(exists (select 1 from ${modificationClients} where ${modificationClients.modificationId} = ${modificationId})
    or exists (select 1 from ${modificationGroups} where ${modificationGroups.modificationId} = ${modificationId})
    or exists (select 1 from ${modificationTransportations}
      where ${modificationTransportations.modificationId} = ${modificationId}))`;
