import type { TClientMessageSendFields } from "@wholesale/contract";
import { eq } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { clientGroups, transportations } from "../../../db/schema/index.ts";
import { badRequest } from "../../../http/errors.ts";

/** The group or direction a message names exists. */
export async function checkTarget(db: Db, fields: TClientMessageSendFields): Promise<void> {
  if (fields.group !== undefined) {
    const [g] = await db
      .select({ id: clientGroups.id })
      .from(clientGroups)
      .where(eq(clientGroups.id, fields.group));
    if (!g) throw badRequest("Группа не найдена", { group: ["Группа не найдена"] });
  }
  if (fields.transportation !== undefined) {
    const [t] = await db
      .select({ id: transportations.id })
      .from(transportations)
      .where(eq(transportations.id, fields.transportation));
    if (!t) throw badRequest("Направление не найдено", { transportation: ["Направление не найдено"] });
  }
}
