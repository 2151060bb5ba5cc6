import type {
  TMarketSchedule,
  TMarketScheduleCreate,
  TMarketScheduleUpdate,
  TOpenMarket,
  TTimeInterval,
  TTimeIntervalCreate,
  TTimeIntervalUpdate,
} from "@wholesale/contract";
import { eq, inArray } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import {
  clientGroups,
  clients,
  marketScheduleClients,
  marketScheduleGroups,
  marketSchedules,
  marketScheduleTransportations,
  timeIntervals,
  transportations,
} from "../../db/schema/index.ts";
import { AppError, badRequest, conflict, notFound } from "../../http/errors.ts";
import type { Clock } from "../../lib/clock.ts";
import { withClosureNotice } from "./market-notices.ts";
import {
  HORIZON_DAYS,
  isScheduleOpenAt,
  nextMomentWhere,
  scheduleTimes,
  secondsOfDay,
} from "./market-rule.ts";
import { loadMarketSchedules, type StoredSchedule } from "./market-schedules.ts";

const SCHEDULE_NOT_FOUND = "Расписание не найдено";
const INTERVAL_NOT_FOUND = "Временной интервал не найден";
const ZERO_LENGTH = "Интервал не может быть нулевой длины: время начала совпадает со временем окончания";

const iso = (d: Date | null) => (d === null ? null : d.toISOString());

export function toApiSchedule(s: StoredSchedule, now: Date, nicknames: Map<number, string>): TMarketSchedule {
  const times = scheduleTimes(s, now);
  // A manual opening past its close time is already closed, even before the job has cleared the flag.
  const manuallyOpened = s.isActive && s.isManuallyOpened && (s.closeTime === null || now < s.closeTime);
  return {
    id: s.id,
    name: s.name,
    is_active: s.isActive,
    is_manually_opened: manuallyOpened,
    close_time: manuallyOpened ? iso(s.closeTime) : null,
    is_open: times.open,
    next_open_at: iso(times.nextOpenAt),
    next_close_at: iso(times.nextCloseAt),
    intervals: s.intervals.map((i) => toApiInterval({ ...i, scheduleId: s.id })),
    client_types: [...s.targeting.clientTypes],
    client_groups: [...s.targeting.groupIds],
    transportations: [...s.targeting.transportationIds],
    clients: [...s.targeting.clientIds],
    clients_detail: s.targeting.clientIds.map((id) => ({
      id,
      nickname: nicknames.get(id) ?? `Клиент #${id}`,
    })),
  };
}

function toApiInterval(i: {
  id: number;
  scheduleId: number;
  startTime: string;
  endTime: string;
  isActive: boolean;
}): TTimeInterval {
  return {
    id: i.id,
    schedule: i.scheduleId,
    start_time: i.startTime,
    end_time: i.endTime,
    is_active: i.isActive,
  };
}

/** "HH:MM" or "HH:MM:SS" as stored: HH:MM:SS. */
const normalizeTime = (t: string) => (t.length === 5 ? `${t}:00` : t);

/** An ISO moment with an offset, or a datetime-local value read as Moscow time (UTC+3 all year). */
export function parseMarketMoment(value: string): Date {
  return new Date(/(Z|[+-]\d{2}:\d{2})$/.test(value) ? value : `${value}+03:00`);
}

const dedupe = (ids: readonly number[]) => [...new Set(ids)];

/** Targeting ids that do not exist are refused (400), naming them per field. */
async function checkTargets(tx: Tx, input: TMarketScheduleUpdate): Promise<void> {
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
async function writeTargets(tx: Tx, scheduleId: number, input: TMarketScheduleUpdate): Promise<void> {
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

async function lockSchedule(tx: Tx, id: number) {
  const [row] = await tx.select().from(marketSchedules).where(eq(marketSchedules.id, id)).for("update");
  if (!row) throw notFound(SCHEDULE_NOT_FOUND);
  return row;
}

export type ScheduleService = ReturnType<typeof createScheduleService>;

/** Market schedules and their daily intervals, opened and closed by hand; see market-state.ts for the rules. */
export function createScheduleService({ db, clock }: { db: Db; clock: Clock }) {
  async function toApi(tx: Db | Tx, schedules: StoredSchedule[]): Promise<TMarketSchedule[]> {
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

  async function get(tx: Db | Tx, id: number): Promise<TMarketSchedule> {
    const [s] = await toApi(tx, await loadMarketSchedules(tx, { ids: [id] }));
    if (!s) throw notFound(SCHEDULE_NOT_FOUND);
    return s;
  }

  return {
    async list(): Promise<TMarketSchedule[]> {
      return toApi(db, await loadMarketSchedules(db));
    },

    get: (id: number) => get(db, id),

    async create(input: TMarketScheduleCreate): Promise<TMarketSchedule> {
      return db.transaction(async (tx) => {
        await checkTargets(tx, input);
        const [row] = await tx
          .insert(marketSchedules)
          .values({ name: input.name, isActive: input.is_active, clientTypes: dedupe(input.client_types) })
          .returning({ id: marketSchedules.id });
        if (!row) throw new AppError("server_error", "Не удалось создать расписание");
        await writeTargets(tx, row.id, input);
        return get(tx, row.id);
      });
    },

    async update(id: number, input: TMarketScheduleUpdate): Promise<TMarketSchedule> {
      return db.transaction(async (tx) => {
        await lockSchedule(tx, id);
        await checkTargets(tx, input);
        await withClosureNotice(tx, id, clock.now(), async () => {
          if (input.name !== undefined || input.is_active !== undefined || input.client_types !== undefined) {
            // Switching a schedule off ends its manual opening or closing: switched on again, it follows its
            // intervals until staff open it by hand once more.
            const switchedOff = input.is_active === false;
            await tx
              .update(marketSchedules)
              .set({
                name: input.name,
                isActive: input.is_active,
                clientTypes: input.client_types && dedupe(input.client_types),
                ...(switchedOff && { isManuallyOpened: false, closeTime: null, closedUntil: null }),
              })
              .where(eq(marketSchedules.id, id));
          }
          await writeTargets(tx, id, input);
        });
        return get(tx, id);
      });
    },

    async remove(id: number): Promise<void> {
      await db.transaction(async (tx) => {
        await lockSchedule(tx, id);
        await withClosureNotice(tx, id, clock.now(), () =>
          tx.delete(marketSchedules).where(eq(marketSchedules.id, id)),
        );
      });
    },

    /** Opens by hand until `close_time` (or until closed); an earlier manual close is lifted. */
    async open(id: number, input: TOpenMarket): Promise<TMarketSchedule> {
      const now = clock.now();
      const closeTime = input.close_time === null ? null : parseMarketMoment(input.close_time);
      if (closeTime !== null && closeTime <= now) {
        throw badRequest("Время закрытия должно быть позже текущего времени", {
          close_time: ["Время закрытия должно быть позже текущего времени"],
        });
      }
      return db.transaction(async (tx) => {
        const row = await lockSchedule(tx, id);
        if (!row.isActive) throw conflict("Расписание выключено: включите «Активно», чтобы открыть маркет");
        await tx
          .update(marketSchedules)
          .set({ isManuallyOpened: true, closeTime, closedUntil: null })
          .where(eq(marketSchedules.id, id));
        return get(tx, id);
      });
    },

    /**
     * Closes now: ends a manual opening, and inside an interval keeps the intervals shut until that
     * opening would have ended. Clients it leaves without an open market get the «end» text.
     */
    async close(id: number): Promise<TMarketSchedule> {
      const now = clock.now();
      return db.transaction(async (tx) => {
        await lockSchedule(tx, id);
        await withClosureNotice(tx, id, now, async () => {
          const [s] = await loadMarketSchedules(tx, { ids: [id] });
          if (!s) throw notFound(SCHEDULE_NOT_FOUND);
          const byIntervals = { ...s, isManuallyOpened: false, closeTime: null, closedUntil: null };
          const isOpen = (at: Date) => isScheduleOpenAt(byIntervals, at);
          const closedUntil = isOpen(now)
            ? (nextMomentWhere([byIntervals], now, isOpen, false) ??
              new Date(now.getTime() + HORIZON_DAYS * 86_400_000))
            : null;
          await tx
            .update(marketSchedules)
            .set({ isManuallyOpened: false, closeTime: null, closedUntil })
            .where(eq(marketSchedules.id, id));
        });
        return get(tx, id);
      });
    },

    async listIntervals(): Promise<TTimeInterval[]> {
      const rows = await db
        .select()
        .from(timeIntervals)
        .orderBy(timeIntervals.scheduleId, timeIntervals.startTime, timeIntervals.id);
      return rows.map(toApiInterval);
    },

    async createInterval(input: TTimeIntervalCreate): Promise<TTimeInterval> {
      if (secondsOfDay(input.start_time) === secondsOfDay(input.end_time)) {
        throw badRequest(ZERO_LENGTH, { end_time: [ZERO_LENGTH] });
      }
      return db.transaction(async (tx) => {
        const [schedule] = await tx
          .select({ id: marketSchedules.id })
          .from(marketSchedules)
          .where(eq(marketSchedules.id, input.schedule))
          .for("update");
        if (!schedule) throw badRequest(SCHEDULE_NOT_FOUND, { schedule: [SCHEDULE_NOT_FOUND] });
        const [row] = await tx
          .insert(timeIntervals)
          .values({
            scheduleId: input.schedule,
            startTime: normalizeTime(input.start_time),
            endTime: normalizeTime(input.end_time),
            isActive: input.is_active,
          })
          .returning();
        if (!row) throw new AppError("server_error", "Не удалось создать интервал");
        return toApiInterval(row);
      });
    },

    async updateInterval(id: number, input: TTimeIntervalUpdate): Promise<TTimeInterval> {
      return db.transaction(async (tx) => {
        const [current] = await tx.select().from(timeIntervals).where(eq(timeIntervals.id, id)).for("update");
        if (!current) throw notFound(INTERVAL_NOT_FOUND);
        const start = input.start_time ?? current.startTime;
        const end = input.end_time ?? current.endTime;
        if (secondsOfDay(start) === secondsOfDay(end))
          throw badRequest(ZERO_LENGTH, { end_time: [ZERO_LENGTH] });
        if (input.schedule !== undefined && input.schedule !== current.scheduleId) {
          const [target] = await tx
            .select({ id: marketSchedules.id })
            .from(marketSchedules)
            .where(eq(marketSchedules.id, input.schedule));
          if (!target) throw badRequest(SCHEDULE_NOT_FOUND, { schedule: [SCHEDULE_NOT_FOUND] });
        }
        if (Object.values(input).every((v) => v === undefined)) return toApiInterval(current);
        const row = await withClosureNotice(tx, current.scheduleId, clock.now(), async () => {
          const [updated] = await tx
            .update(timeIntervals)
            .set({
              scheduleId: input.schedule,
              startTime: input.start_time && normalizeTime(input.start_time),
              endTime: input.end_time && normalizeTime(input.end_time),
              isActive: input.is_active,
            })
            .where(eq(timeIntervals.id, id))
            .returning();
          return updated ?? current;
        });
        return toApiInterval(row);
      });
    },

    async removeInterval(id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const [current] = await tx.select().from(timeIntervals).where(eq(timeIntervals.id, id)).for("update");
        if (!current) throw notFound(INTERVAL_NOT_FOUND);
        await withClosureNotice(tx, current.scheduleId, clock.now(), () =>
          tx.delete(timeIntervals).where(eq(timeIntervals.id, id)),
        );
      });
    },
  };
}
