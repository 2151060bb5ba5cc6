import type { TLogEntry, TLogQuery } from "@wholesale/contract";
import { and, count, desc, eq, ilike, lte } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { containsPattern } from "../../db/like.ts";
import { logEntries } from "../../db/schema/index.ts";

export type LogService = ReturnType<typeof createLogService>;

export function createLogService({ db }: { db: Db }) {
  return {
    /** Newest first; `timestamp__lte` pins the list to the moment the reader opened it. */
    async list(query: TLogQuery): Promise<{ results: TLogEntry[]; count: number }> {
      const { limit, offset, timestamp__lte, user, request_method, path__icontains } = query;
      const where = and(
        timestamp__lte ? lte(logEntries.timestamp, new Date(timestamp__lte)) : undefined,
        user === undefined ? undefined : eq(logEntries.userId, user),
        request_method ? eq(logEntries.requestMethod, request_method) : undefined,
        // `%` and `_` typed by staff are taken literally.
        path__icontains ? ilike(logEntries.path, containsPattern(path__icontains)) : undefined,
      );
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(logEntries)
          .where(where)
          .orderBy(desc(logEntries.timestamp), desc(logEntries.id))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(logEntries).where(where),
      ]);
      return {
        count: total?.n ?? 0,
        results: rows.map((r) => ({
          id: r.id,
          request_method: r.requestMethod,
          timestamp: r.timestamp.toISOString(),
          path: r.path,
          user: r.userId,
          status_code: r.statusCode,
          request_body: r.requestBody,
        })),
      };
    },
  };
}
