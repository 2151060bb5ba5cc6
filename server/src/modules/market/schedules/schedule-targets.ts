import type { TMarketScheduleUpdate } from "@wholesale/contract";
import { eq, inArray } from "drizzle-orm";
import type { Tx } from "../../../db/client.ts";
import {
  clientGroups,
  clients,
  marketScheduleClients,
  marketScheduleGroups,
  marketScheduleTransportations,
  transportations,
} from "../../../db/schema/index.ts";
import { badRequest } from "../../../http/errors.ts";

export const dedupe = (ids: readonly number[]) => [...new Set(ids)];

/** Targeting ids that do not exist are refused (400), naming them per field. */
export async function checkTargets(tx: Tx, input: TMarketScheduleUpdate): Promise<void> {
  const errors: Record<string, string[]> = {};
  const check = async (
    field: string,
    ids: number[] | undefined,
    found: (ids: number[]) => Promise<number[]>,
    noun: string,
  ) => {
    if (!ids || ids.length === 0) return;
    const known = new Set(await found(dedupe(ids)));
    const missing = dedupe(ids).filter((id) => !known.has(id));
    if (missing.length > 0) errors[field] = [`${noun} не найдены: ${missing.join(", ")}`];
  };
  await check(
    "client_groups",
    input.client_groups,
    async (ids) =>
      (await tx.select({ id: clientGroups.id }).from(clientGroups).where(inArray(clientGroups.id, ids))).map(
        (r) => r.id,
      ),
    "Группы клиентов",
  );
  await check(
    "transportations",
    input.transportations,
    async (ids) =>
      (
        await tx
          .select({ id: transportations.id })
          .from(transportations)
          .where(inArray(transportations.id, ids))
      ).map((r) => r.id),
    "Направления",
  );
  await check(
    "clients",
    input.clients,
    async (ids) =>
      (await tx.select({ id: clients.id }).from(clients).where(inArray(clients.id, ids))).map((r) => r.id),
    "Клиенты",
  );
  const [first] = Object.values(errors);
  if (first?.[0]) throw badRequest(first[0], errors);
}

/** Replaces the targeting lists that are given; the others stay. */
export async function writeTargets(tx: Tx, scheduleId: number, input: TMarketScheduleUpdate): Promise<void> {
  if (input.client_groups) {
    await tx.delete(marketScheduleGroups).where(eq(marketScheduleGroups.scheduleId, scheduleId));
    const ids = dedupe(input.client_groups);
    if (ids.length > 0)
      await tx.insert(marketScheduleGroups).values(ids.map((groupId) => ({ scheduleId, groupId })));
  }
  if (input.transportations) {
    await tx
      .delete(marketScheduleTransportations)
      .where(eq(marketScheduleTransportations.scheduleId, scheduleId));
    const ids = dedupe(input.transportations);
    if (ids.length > 0) {
      await tx
        .insert(marketScheduleTransportations)
        .values(ids.map((transportationId) => ({ scheduleId, transportationId })));
    }
  }
  if (input.clients) {
    await tx.delete(marketScheduleClients).where(eq(marketScheduleClients.scheduleId, scheduleId));
    const ids = dedupe(input.clients);
    if (ids.length > 0)
      await tx.insert(marketScheduleClients).values(ids.map((clientId) => ({ scheduleId, clientId })));
  }
}
