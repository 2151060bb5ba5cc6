import type { TMarketSchedule } from "@wholesale/contract";
import { inArray } from "drizzle-orm";
import type { Db, Tx } from "../../../db/client.ts";
import { clients } from "../../../db/schema/index.ts";
import { notFound } from "../../../http/errors.ts";
import type { Clock } from "../../../lib/clock.ts";
import { loadMarketSchedules, type StoredSchedule } from "../market-schedules.ts";
import { SCHEDULE_NOT_FOUND } from "./lock-schedule.ts";
import { dedupe } from "./schedule-targets.ts";
import { toApiSchedule } from "./schedule-view.ts";

/** Schedules as the API shows them, their targeted clients named by nickname. */
export async function showSchedules(
  tx: Db | Tx,
  clock: Clock,
  schedules: StoredSchedule[],
): Promise<TMarketSchedule[]> {
  const ids = dedupe(schedules.flatMap((s) => s.targeting.clientIds));
  const rows =
    ids.length === 0
      ? []
      : await tx
          .select({ id: clients.id, nickname: clients.nickname })
          .from(clients)
          .where(inArray(clients.id, ids));
  const nicknames = new Map(rows.map((r) => [r.id, r.nickname]));
  const now = clock.now();
  return schedules.map((s) => toApiSchedule(s, now, nicknames));
}

/** One schedule as the API shows it. */
export async function getSchedule(tx: Db | Tx, clock: Clock, id: number): Promise<TMarketSchedule> {
  const [s] = await showSchedules(tx, clock, await loadMarketSchedules(tx, { ids: [id] }));
  if (!s) throw notFound(SCHEDULE_NOT_FOUND);
  return s;
}
