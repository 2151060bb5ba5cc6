import type {
  TClientGroup,
  TClientGroupCreate,
  TClientGroupUpdate,
  TTransportation,
  TTransportationCreate,
  TTransportationUpdate,
} from "@wholesale/contract";
import { asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { clientGroups, transportations } from "../../db/schema/index.ts";
import { AppError, notFound, uniqueName } from "../../http/errors.ts";

const toGroup = (row: typeof clientGroups.$inferSelect): TClientGroup => ({
  id: row.id,
  name: row.name,
  surcharge: row.surcharge,
  is_active: row.isActive,
});

const toTransportation = (row: typeof transportations.$inferSelect): TTransportation => ({
  id: row.id,
  name: row.name,
  is_active: row.isActive,
  tg_id: row.tgId,
});

/** A PUT that changes nothing answers the current state (an UPDATE needs at least one column). */
export const isEmpty = (input: object) => Object.values(input).every((v) => v === undefined);

const GROUP_TAKEN = "Группа с таким названием уже существует";
const GROUP_NOT_FOUND = "Группа не найдена";
const DIRECTION_TAKEN = "Направление с таким названием уже существует";
const DIRECTION_NOT_FOUND = "Направление не найдено";

export type GroupService = ReturnType<typeof createGroupService>;

/** Client groups and directions (transportations): plain named lists that toggle active. */
export function createGroupService({ db }: { db: Db }) {
  return {
    async listGroups(): Promise<TClientGroup[]> {
      return (await db.select().from(clientGroups).orderBy(asc(clientGroups.id))).map(toGroup);
    },
    async getGroup(id: number): Promise<TClientGroup> {
      const [row] = await db.select().from(clientGroups).where(eq(clientGroups.id, id));
      if (!row) throw notFound(GROUP_NOT_FOUND);
      return toGroup(row);
    },
    async createGroup(input: TClientGroupCreate): Promise<TClientGroup> {
      const [row] = await uniqueName(GROUP_TAKEN, () =>
        db
          .insert(clientGroups)
          .values({ name: input.name, surcharge: input.surcharge, isActive: input.is_active })
          .returning(),
      );
      if (!row) throw new AppError("server_error", "Не удалось создать группу");
      return toGroup(row);
    },
    async updateGroup(id: number, input: TClientGroupUpdate): Promise<TClientGroup> {
      if (isEmpty(input)) return this.getGroup(id);
      const [row] = await uniqueName(GROUP_TAKEN, () =>
        db
          .update(clientGroups)
          .set({ name: input.name, surcharge: input.surcharge, isActive: input.is_active })
          .where(eq(clientGroups.id, id))
          .returning(),
      );
      if (!row) throw notFound(GROUP_NOT_FOUND);
      return toGroup(row);
    },
    /** Its clients stay, without a group. */
    async deleteGroup(id: number): Promise<void> {
      const rows = await db
        .delete(clientGroups)
        .where(eq(clientGroups.id, id))
        .returning({ id: clientGroups.id });
      if (rows.length === 0) throw notFound(GROUP_NOT_FOUND);
    },

    async listTransportations(): Promise<TTransportation[]> {
      return (await db.select().from(transportations).orderBy(asc(transportations.id))).map(toTransportation);
    },
    async getTransportation(id: number): Promise<TTransportation> {
      const [row] = await db.select().from(transportations).where(eq(transportations.id, id));
      if (!row) throw notFound(DIRECTION_NOT_FOUND);
      return toTransportation(row);
    },
    async createTransportation(input: TTransportationCreate): Promise<TTransportation> {
      const [row] = await uniqueName(DIRECTION_TAKEN, () =>
        db
          .insert(transportations)
          .values({ name: input.name, isActive: input.is_active, tgId: input.tg_id })
          .returning(),
      );
      if (!row) throw new AppError("server_error", "Не удалось создать направление");
      return toTransportation(row);
    },
    async updateTransportation(id: number, input: TTransportationUpdate): Promise<TTransportation> {
      if (isEmpty(input)) return this.getTransportation(id);
      const [row] = await uniqueName(DIRECTION_TAKEN, () =>
        db
          .update(transportations)
          .set({ name: input.name, isActive: input.is_active, tgId: input.tg_id })
          .where(eq(transportations.id, id))
          .returning(),
      );
      if (!row) throw notFound(DIRECTION_NOT_FOUND);
      return toTransportation(row);
    },
    /** Its clients stay, without a direction. */
    async deleteTransportation(id: number): Promise<void> {
      const rows = await db
        .delete(transportations)
        .where(eq(transportations.id, id))
        .returning({ id: transportations.id });
      if (rows.length === 0) throw notFound(DIRECTION_NOT_FOUND);
    },
  };
}
