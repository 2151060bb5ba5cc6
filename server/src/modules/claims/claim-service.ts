import {
  CLAIM_TEXT_MAX_LENGTH,
  clientDisplayName,
  type TClaim,
  type TClaimListQuery,
  type TClaimUpdate,
} from "@wholesale/contract";
import { count, desc, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { claims, clients, orders } from "../../db/schema/index.ts";
import { badRequest, notFound } from "../../http/errors.ts";

/** A claim filed, or why it was not: the client is told and may write it again. */
export type ClaimFiled = { ok: true; id: number } | { ok: false; message: string };

/**
 * A client's claim, sent through the bot: the bot calls this; staff review it on /claims. A text that is blank
 * or longer than the limit is refused whole: a claim is never cut.
 */
export async function createClaim(
  db: Db | Tx,
  input: { clientId: number; text: string },
): Promise<ClaimFiled> {
  const text = input.text.trim();
  if (!text) return { ok: false, message: "Претензия пуста: опишите, что случилось." };
  if (text.length > CLAIM_TEXT_MAX_LENGTH)
    return {
      ok: false,
      message: `Претензия слишком длинная: не длиннее ${CLAIM_TEXT_MAX_LENGTH} символов. Сократите её и отправьте ещё раз.`,
    };
  const [row] = await db
    .insert(claims)
    .values({ clientId: input.clientId, text })
    .returning({ id: claims.id });
  if (!row) throw new Error("claim not inserted");
  return { ok: true, id: row.id };
}

/** The client's latest order opened before the claim: the one a claim (which names none) most likely concerns. */
const claimOrder = sql<TClaim["order"]>`(select json_build_object('id', o.id, 'opened_on', o.opened_on)
  from ${orders} o where o.client_id = ${claims.clientId} and o.opened_at <= ${claims.createdDate}
  order by o.opened_at desc, o.id desc limit 1)`;

const claimColumns = {
  id: claims.id,
  owner: claims.clientId,
  nickname: clients.nickname,
  organizationName: clients.organizationName,
  offline: clients.offline,
  phone: clients.phoneNumber,
  order: claimOrder,
  status: claims.status,
  text: claims.text,
  createdDate: claims.createdDate,
};

type ClaimRow = {
  id: number;
  owner: number;
  nickname: string;
  organizationName: string;
  offline: boolean;
  phone: string | null;
  order: TClaim["order"];
  status: TClaim["status"];
  text: string;
  createdDate: Date;
};

const toClaim = (r: ClaimRow): TClaim => ({
  id: r.id,
  owner: r.owner,
  owner_name: clientDisplayName({
    id: r.owner,
    nickname: r.nickname,
    organization_name: r.organizationName,
    offline: r.offline,
  }),
  owner_phone: r.phone,
  order: r.order,
  status: r.status,
  text: r.text,
  created_date: r.createdDate.toISOString(),
});

export type ClaimService = ReturnType<typeof createClaimService>;

export function createClaimService({ db }: { db: Db | Tx }) {
  async function get(id: number): Promise<TClaim> {
    const [row] = await db
      .select(claimColumns)
      .from(claims)
      .innerJoin(clients, eq(clients.id, claims.clientId))
      .where(eq(claims.id, id));
    if (!row) throw notFound("Заявка не найдена");
    return toClaim(row);
  }

  return {
    get,
    /** The bot's way in; `within` is the update's transaction, so the claim commits with its record as handled. */
    file: (input: { clientId: number; text: string }, within: Db | Tx = db) => createClaim(within, input),
    /** Newest first; `status` filters (the tabs Открытые / Закрытые). */
    async list(query: TClaimListQuery): Promise<{ results: TClaim[]; count: number }> {
      const where = query.status ? eq(claims.status, query.status) : undefined;
      const [rows, [total]] = await Promise.all([
        db
          .select(claimColumns)
          .from(claims)
          .innerJoin(clients, eq(clients.id, claims.clientId))
          .where(where)
          .orderBy(desc(claims.createdDate), desc(claims.id))
          .limit(query.limit)
          .offset(query.offset),
        db.select({ n: count() }).from(claims).where(where),
      ]);
      return { results: rows.map(toClaim), count: total?.n ?? 0 };
    },
    async update(id: number, input: TClaimUpdate): Promise<TClaim> {
      const current = await get(id);
      if (input.owner !== undefined && input.owner !== current.owner) {
        throw badRequest("Нельзя сменить клиента заявки", { owner: ["Нельзя сменить клиента заявки"] });
      }
      await db.update(claims).set({ status: input.status }).where(eq(claims.id, id));
      return { ...current, status: input.status };
    },
    async remove(id: number): Promise<void> {
      const deleted = await db.delete(claims).where(eq(claims.id, id)).returning({ id: claims.id });
      if (deleted.length === 0) throw notFound("Заявка не найдена");
    },
  };
}
