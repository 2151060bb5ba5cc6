import type { TClient, TManager, TOrganization, TOrganizationWrite } from "@wholesale/contract";
import { and, asc, count, eq, getTableColumns, type SQL } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { accessRules, accounts, clients, organizations } from "../../db/schema/index.ts";
import { AppError, badRequest, notFound } from "../../http/errors.ts";
import { toClient } from "./client-service.ts";

const NOT_FOUND = "Организация не найдена";
const NO_MANAGER = "Менеджер не найден";

/** The client bot's /start payload that registers a new client into the organization. */
export const organizationStartPayload = (id: number) => `org_${id}`;

export type OrganizationService = ReturnType<typeof createOrganizationService>;

export function createOrganizationService({ db, botUsername }: { db: Db; botUsername?: string }) {
  const telegramLink = (id: number) =>
    botUsername ? `https://t.me/${botUsername}?start=${organizationStartPayload(id)}` : null;

  async function select(tx: Db | Tx, where?: SQL): Promise<TOrganization[]> {
    const counts = tx
      .select({ organizationId: clients.organizationId, n: count().as("n") })
      .from(clients)
      .groupBy(clients.organizationId)
      .as("counts");
    const rows = await tx
      .select({
        organization: getTableColumns(organizations),
        managerUsername: accounts.username,
        clientsCount: counts.n,
      })
      .from(organizations)
      .leftJoin(accounts, eq(accounts.id, organizations.managerId))
      .leftJoin(counts, eq(counts.organizationId, organizations.id))
      .where(where)
      .orderBy(asc(organizations.name), asc(organizations.id));
    return rows.map(({ organization: o, managerUsername, clientsCount }) => ({
      id: o.id,
      name: o.name,
      manager:
        o.managerId !== null && managerUsername !== null
          ? { id: o.managerId, username: managerUsername }
          : null,
      manager_id: o.managerId,
      clients_count: Number(clientsCount ?? 0),
      telegram_link: telegramLink(o.id),
    }));
  }

  async function get(tx: Db | Tx, id: number): Promise<TOrganization> {
    const [organization] = await select(tx, eq(organizations.id, id));
    if (!organization) throw notFound(NOT_FOUND);
    return organization;
  }

  /** A manager is an active staff account. */
  async function assertManager(tx: Tx, managerId: number): Promise<void> {
    const [row] = await tx
      .select({ id: accounts.id })
      .from(accounts)
      .where(and(eq(accounts.id, managerId), eq(accounts.isActive, true)));
    if (!row) throw badRequest(NO_MANAGER, { manager_id: [NO_MANAGER] });
  }

  return {
    list: () => select(db),
    get: (id: number) => get(db, id),

    async create(input: TOrganizationWrite): Promise<TOrganization> {
      return db.transaction(async (tx) => {
        await assertManager(tx, input.manager_id);
        const [row] = await tx
          .insert(organizations)
          .values({ name: input.name, managerId: input.manager_id })
          .returning({ id: organizations.id });
        if (!row) throw new AppError("server_error", "Не удалось создать организацию");
        return get(tx, row.id);
      });
    },

    async update(id: number, input: TOrganizationWrite): Promise<TOrganization> {
      return db.transaction(async (tx) => {
        await assertManager(tx, input.manager_id);
        const rows = await tx
          .update(organizations)
          .set({ name: input.name, managerId: input.manager_id })
          .where(eq(organizations.id, id))
          .returning({ id: organizations.id });
        if (rows.length === 0) throw notFound(NOT_FOUND);
        return get(tx, id);
      });
    },

    /** Its clients stay, unlinked, and keep their organization_name. */
    async remove(id: number): Promise<void> {
      const rows = await db
        .delete(organizations)
        .where(eq(organizations.id, id))
        .returning({ id: organizations.id });
      if (rows.length === 0) throw notFound(NOT_FOUND);
    },

    async clients(id: number): Promise<TClient[]> {
      await get(db, id);
      const rows = await db
        .select({ client: getTableColumns(clients), rules: getTableColumns(accessRules) })
        .from(clients)
        .leftJoin(accessRules, eq(accessRules.clientId, clients.id))
        .where(eq(clients.organizationId, id))
        .orderBy(asc(clients.id));
      return rows.map((r) => toClient(r.client, r.rules));
    },

    /** Who can manage an organization: active staff accounts. */
    async managers(): Promise<TManager[]> {
      return db
        .select({ id: accounts.id, username: accounts.username })
        .from(accounts)
        .where(eq(accounts.isActive, true))
        .orderBy(asc(accounts.username));
    },
  };
}
