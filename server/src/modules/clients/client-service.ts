import {
  normalizePhone,
  ORGANIZATION_NAME_UNSET,
  type TAccessRules,
  type TAccessRulesUpdate,
  type TClient,
  type TClientListParams,
  type TClientTab,
  type TClientUpdate,
  ZClientTypeSchema,
} from "@wholesale/contract";
import { and, asc, count, eq, getTableColumns, ilike, not, or, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { containsPattern } from "../../db/like.ts";
import {
  accessRules,
  CLIENT_TYPE_LARGE,
  CLIENT_TYPE_SMALL,
  clientGroups,
  clients,
  organizations,
  transportations,
} from "../../db/schema/index.ts";
import { badRequest, notFound } from "../../http/errors.ts";

type ClientRow = typeof clients.$inferSelect;
type AccessRulesRow = typeof accessRules.$inferSelect;

export function toAccessRules(row: AccessRulesRow): TAccessRules {
  return {
    id: row.id,
    client: row.clientId,
    all_prices: row.allPrices,
    banned_brands: row.bannedBrands,
    total_limit: row.totalLimit,
  };
}

export function toClient(row: ClientRow, rules: AccessRulesRow | null): TClient {
  const clientType = ZClientTypeSchema.safeParse(row.clientType);
  return {
    id: row.id,
    telegram_id: row.telegramId,
    telegram_username: row.telegramUsername,
    phone_number: row.phoneNumber,
    organization: row.organizationId,
    organization_name: row.organizationName,
    nickname: row.nickname,
    offline: row.offline,
    group: row.groupId,
    transportation: row.transportationId,
    client_type: clientType.success ? clientType.data : null,
    is_active: row.isActive,
    banned: row.banned,
    permanent_banned: row.permanentBanned,
    suspicious: row.suspicious,
    allowed_price: row.allowedPrice,
    allowed_price_w_markup: row.allowedPriceWMarkup,
    client_small_wholesale: row.clientSmallWholesale,
    client_large_wholesale: row.clientLargeWholesale,
    accessrules: rules ? toAccessRules(rules) : null,
    telegram_unreachable_at: row.telegramUnreachableAt?.toISOString() ?? null,
  };
}

const TAB_FILTERS: Record<TClientTab, SQL | undefined> = {
  small: eq(clients.clientType, CLIENT_TYPE_SMALL),
  large: eq(clients.clientType, CLIENT_TYPE_LARGE),
  active: and(eq(clients.isActive, true), not(clients.banned), not(clients.permanentBanned)),
  inactive: not(clients.isActive),
  suspicious: and(eq(clients.isActive, true), eq(clients.suspicious, true)),
  banned: eq(clients.banned, true),
  permanent_banned: eq(clients.permanentBanned, true),
};

function searchFilter(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const pattern = containsPattern(search);
  // Phones are stored as «+» and digits: a phone searched as typed («8 912 345-67-89») is searched so too.
  const phone = normalizePhone(search);
  return or(
    ilike(clients.nickname, pattern),
    ilike(clients.organizationName, pattern),
    ilike(clients.telegramUsername, pattern),
    ilike(clients.phoneNumber, pattern),
    phone ? ilike(clients.phoneNumber, containsPattern(phone)) : undefined,
  );
}

/** The spec's order: by group descending (clients without a group last), then by id. */
const CLIENT_ORDER = [sql`${clients.groupId} desc nulls last`, asc(clients.id)];

export async function getClient(db: Db | Tx, id: number): Promise<TClient> {
  const [row] = await db
    .select({ client: getTableColumns(clients), rules: getTableColumns(accessRules) })
    .from(clients)
    .leftJoin(accessRules, eq(accessRules.clientId, clients.id))
    .where(eq(clients.id, id));
  if (!row) throw notFound("Клиент не найден");
  return toClient(row.client, row.rules);
}
/** 400 naming the field when a referenced group, direction or organization does not exist. */
export async function assertReferences(
  tx: Db | Tx,
  refs: { group?: number | null; transportation?: number | null; organization?: number | null },
): Promise<void> {
  const checks = [
    { field: "group", id: refs.group, table: clientGroups, message: "Группа не найдена" },
    {
      field: "transportation",
      id: refs.transportation,
      table: transportations,
      message: "Направление не найдено",
    },
    { field: "organization", id: refs.organization, table: organizations, message: "Организация не найдена" },
  ] as const;
  for (const check of checks) {
    if (check.id === undefined || check.id === null) continue;
    const [row] = await tx
      .select({ id: check.table.id })
      .from(check.table)
      .where(eq(check.table.id, check.id));
    if (!row) throw badRequest(check.message, { [check.field]: [check.message] });
  }
}

async function writeAccessRules(tx: Tx, clientId: number, input: TAccessRulesUpdate): Promise<void> {
  const values = {
    allPrices: [...new Set(input.all_prices)],
    bannedBrands: [...new Set(input.banned_brands)],
    totalLimit: input.total_limit,
  };
  await tx
    .insert(accessRules)
    .values({ clientId, ...values })
    .onConflictDoUpdate({ target: accessRules.clientId, set: values });
}

export type ClientService = ReturnType<typeof createClientService>;

export function createClientService({ db }: { db: Db }) {
  return {
    async list(query: TClientListParams, onlyActive = false) {
      const where = and(
        onlyActive ? eq(clients.isActive, true) : undefined,
        query.tab ? TAB_FILTERS[query.tab] : undefined,
        searchFilter(query.search),
      );
      // The total rides along with the page (one scan instead of two); only a page past the end
      // needs its own count.
      const rows = await db
        .select({
          client: getTableColumns(clients),
          rules: getTableColumns(accessRules),
          total: sql<number>`count(*) over ()`.mapWith(Number),
        })
        .from(clients)
        .leftJoin(accessRules, eq(accessRules.clientId, clients.id))
        .where(where)
        .orderBy(...CLIENT_ORDER)
        .limit(query.limit)
        .offset(query.offset);
      if (rows[0]) return { results: rows.map((r) => toClient(r.client, r.rules)), count: rows[0].total };
      const [total] = await db.select({ n: count() }).from(clients).where(where);
      return { results: [], count: total?.n ?? 0 };
    },

    get: (id: number) => getClient(db, id),

    async update(id: number, input: TClientUpdate): Promise<TClient> {
      return db.transaction(async (tx) => {
        const [current] = await tx.select().from(clients).where(eq(clients.id, id)).for("update");
        if (!current) throw notFound("Клиент не найден");
        await assertReferences(tx, input);
        const allowedPrice = input.allowed_price ?? current.allowedPrice;
        const organizationName =
          input.organization_name === undefined
            ? undefined
            : input.organization_name || ORGANIZATION_NAME_UNSET;
        await tx
          .update(clients)
          .set({
            nickname: input.nickname,
            telegramUsername: input.telegram_username,
            phoneNumber: input.phone_number ? normalizePhone(input.phone_number) : input.phone_number,
            organizationId: input.organization,
            organizationName,
            offline: input.offline,
            groupId: input.group,
            transportationId: input.transportation,
            clientType: input.client_type,
            isActive: input.is_active,
            banned: input.banned,
            permanentBanned: input.permanent_banned,
            suspicious: input.suspicious,
            allowedPrice,
            // The price with markup is a kind of viewing prices: it goes when viewing prices goes.
            allowedPriceWMarkup: allowedPrice
              ? (input.allowed_price_w_markup ?? current.allowedPriceWMarkup)
              : false,
            clientSmallWholesale: input.client_small_wholesale,
            clientLargeWholesale: input.client_large_wholesale,
          })
          .where(eq(clients.id, id));
        if (input.accessrules) await writeAccessRules(tx, id, input.accessrules);
        return getClient(tx, id);
      });
    },

    async getAccessRules(id: number): Promise<TAccessRules> {
      const [row] = await db.select().from(accessRules).where(eq(accessRules.id, id));
      if (!row) throw notFound("Правила доступа не найдены");
      return toAccessRules(row);
    },

    async updateAccessRules(id: number, input: TAccessRulesUpdate): Promise<TAccessRules> {
      const [row] = await db
        .update(accessRules)
        .set({
          allPrices: [...new Set(input.all_prices)],
          bannedBrands: [...new Set(input.banned_brands)],
          totalLimit: input.total_limit,
        })
        .where(eq(accessRules.id, id))
        .returning();
      if (!row) throw notFound("Правила доступа не найдены");
      return toAccessRules(row);
    },
  };
}
