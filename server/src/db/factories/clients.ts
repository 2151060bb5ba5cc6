import type { Db } from "../client.ts";
import {
  accessRules,
  CLIENT_TYPE_SMALL,
  clientGroups,
  clients,
  organizations,
  transportations,
} from "../schema/index.ts";
import { nextSeq } from "./sequence.ts";

export async function seedGroup(db: Db, values: Partial<typeof clientGroups.$inferInsert> = {}) {
  const [row] = await db
    .insert(clientGroups)
    .values({ name: `Группа ${nextSeq()}`, ...values })
    .returning();
  if (!row) throw new Error("could not seed a group");
  return row;
}

export async function seedTransportation(db: Db, values: Partial<typeof transportations.$inferInsert> = {}) {
  const [row] = await db
    .insert(transportations)
    .values({ name: `Направление ${nextSeq()}`, ...values })
    .returning();
  if (!row) throw new Error("could not seed a transportation");
  return row;
}

export async function seedOrganization(db: Db, values: Partial<typeof organizations.$inferInsert> = {}) {
  const [row] = await db
    .insert(organizations)
    .values({ name: `ООО «Организация ${nextSeq()}»`, ...values })
    .returning();
  if (!row) throw new Error("could not seed an organization");
  return row;
}

/** An active small-wholesale client with its (empty) access rules, unless told otherwise. */
export async function seedClient(db: Db, values: Partial<typeof clients.$inferInsert> = {}) {
  const seq = nextSeq();
  const [row] = await db
    .insert(clients)
    .values({
      nickname: `Клиент ${seq}`,
      telegramId: 700_000_000 + seq,
      telegramUsername: `client_${seq}`,
      phoneNumber: `+7900${String(seq).padStart(7, "0")}`,
      clientType: CLIENT_TYPE_SMALL,
      isActive: true,
      ...values,
    })
    .returning();
  if (!row) throw new Error("could not seed a client");
  await db.insert(accessRules).values({ clientId: row.id });
  return row;
}
