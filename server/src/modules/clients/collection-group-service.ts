import type { TCollectionGroup, TCollectionGroupCreate, TCollectionGroupUpdate } from "@wholesale/contract";
import { asc, eq, inArray } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { clients, collectionGroupClients, collectionGroups } from "../../db/schema/index.ts";
import { AppError, badRequest, notFound } from "../../http/errors.ts";

const NOT_FOUND = "Группа сборки не найдена";

async function selectGroups(db: Db | Tx, id?: number): Promise<TCollectionGroup[]> {
  const groups = await db
    .select()
    .from(collectionGroups)
    .where(id === undefined ? undefined : eq(collectionGroups.id, id))
    .orderBy(asc(collectionGroups.id));
  if (groups.length === 0) return [];
  const members = await db
    .select({ groupId: collectionGroupClients.collectionGroupId, id: clients.id, nickname: clients.nickname })
    .from(collectionGroupClients)
    .innerJoin(clients, eq(clients.id, collectionGroupClients.clientId))
    .where(
      inArray(
        collectionGroupClients.collectionGroupId,
        groups.map((g) => g.id),
      ),
    )
    .orderBy(asc(clients.id));
  return groups.map((g) => ({
    id: g.id,
    name: g.name,
    start_collect_time: g.startCollectTime,
    is_active: g.isActive,
    clients: members.filter((m) => m.groupId === g.id).map(({ id, nickname }) => ({ id, nickname })),
  }));
}

async function getGroup(db: Db | Tx, id: number): Promise<TCollectionGroup> {
  const [group] = await selectGroups(db, id);
  if (!group) throw notFound(NOT_FOUND);
  return group;
}

/** Replaces the group's members in two statements; unknown client ids are a 400 naming them. */
async function setMembers(tx: Tx, groupId: number, clientIds: number[]): Promise<void> {
  const ids = [...new Set(clientIds)];
  if (ids.length > 0) {
    const known = await tx.select({ id: clients.id }).from(clients).where(inArray(clients.id, ids));
    if (known.length !== ids.length) {
      const found = new Set(known.map((k) => k.id));
      const missing = ids.filter((i) => !found.has(i)).slice(0, 10);
      throw badRequest("Клиенты не найдены", { client_ids: [`Клиенты не найдены: ${missing.join(", ")}`] });
    }
  }
  await tx.delete(collectionGroupClients).where(eq(collectionGroupClients.collectionGroupId, groupId));
  if (ids.length > 0) {
    await tx
      .insert(collectionGroupClients)
      .values(ids.map((clientId) => ({ collectionGroupId: groupId, clientId })));
  }
}

export type CollectionGroupService = ReturnType<typeof createCollectionGroupService>;

export function createCollectionGroupService({ db }: { db: Db }) {
  return {
    list: () => selectGroups(db),
    get: (id: number) => getGroup(db, id),

    async create(input: TCollectionGroupCreate): Promise<TCollectionGroup> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(collectionGroups)
          .values({ name: input.name, startCollectTime: input.start_collect_time, isActive: input.is_active })
          .returning();
        if (!row) throw new AppError("server_error", "Не удалось создать группу сборки");
        await setMembers(tx, row.id, input.client_ids);
        return getGroup(tx, row.id);
      });
    },

    async update(id: number, input: TCollectionGroupUpdate): Promise<TCollectionGroup> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(collectionGroups)
          .where(eq(collectionGroups.id, id))
          .for("update");
        if (!row) throw notFound(NOT_FOUND);
        const { client_ids, ...fields } = input;
        if (Object.values(fields).some((v) => v !== undefined)) {
          await tx
            .update(collectionGroups)
            .set({
              name: fields.name,
              startCollectTime: fields.start_collect_time,
              isActive: fields.is_active,
            })
            .where(eq(collectionGroups.id, id));
        }
        if (client_ids) await setMembers(tx, id, client_ids);
        return getGroup(tx, id);
      });
    },

    async remove(id: number): Promise<void> {
      const rows = await db
        .delete(collectionGroups)
        .where(eq(collectionGroups.id, id))
        .returning({ id: collectionGroups.id });
      if (rows.length === 0) throw notFound(NOT_FOUND);
    },
  };
}
