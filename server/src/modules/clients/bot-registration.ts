import { normalizePhone, type TClientType } from "@wholesale/contract";
import { eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import type { Bindable } from "../../db/fixed-statement.ts";
import { accessRules, clients, organizations, registrationRequests } from "../../db/schema/index.ts";
import { valuesRow } from "../../db/values-row.ts";

/** Where a Telegram user stands with the business, as the bot needs to know it. */
export type BotUserStanding =
  | { kind: "unknown" }
  | { kind: "waiting"; clientId: number }
  /** Staff deleted the user's registration request: they may apply again. */
  | { kind: "declined"; clientId: number }
  | { kind: "client"; clientId: number };

export type BotRegistration = {
  telegramId: number;
  telegramUsername: string | null;
  organizationId: number | null;
  organizationName: string;
  nickname: string;
  phoneNumber: string;
  /** The wholesale volume the user asked for (3 small, 2 large); staff decide when confirming. */
  clientType: TClientType;
};

type StoredStanding = {
  clientId: number;
  isActive: boolean;
  banned: boolean;
  /** The state of the client's latest registration request, null without one (a client staff added). */
  request: "open" | "confirmed" | "deleted" | null;
};

/**
 * Where a Telegram user stands, as one JSON value: a select of its own (botUserStanding), or a column of the
 * bot's first read of an update (its arrival), so an update pays no round trip of its own for it.
 * A client row exists once someone registered or staff added them. An inactive one whose latest request is
 * open waits for it; one whose latest request staff deleted was declined and may apply again, unless banned.
 * Any other is a client, whom the ordering service may still refuse (banned, deactivated).
 */
export const standingColumn = (telegramId: Bindable<number>) =>
  sql<StoredStanding | null>`(select json_build_object('clientId', c.id, 'isActive', c.is_active,
      'banned', c.banned or c.permanent_banned,
      'request', (select case when r.confirmed then 'confirmed' when r.deleted then 'deleted' else 'open' end
        from ${registrationRequests} r where r.client_id = c.id order by r.id desc limit 1))
    from ${clients} c where c.telegram_id = ${telegramId})`;

export function standingOf(stored: StoredStanding | null): BotUserStanding {
  if (!stored) return { kind: "unknown" };
  const { clientId, isActive, banned, request } = stored;
  if (!isActive && request === "open") return { kind: "waiting", clientId };
  if (!isActive && !banned && request === "deleted") return { kind: "declined", clientId };
  return { kind: "client", clientId };
}

export async function botUserStanding(db: Db | Tx, telegramId: number): Promise<BotUserStanding> {
  const { standing } = await valuesRow(db, { standing: standingColumn(telegramId) });
  return standingOf(standing);
}

/**
 * Files what a new user told the bot as an inactive client with an open registration request (the
 * back-office's «Заявки» tab). An organization link that names a deleted organization is ignored: the
 * typed organization name is kept either way. Registering twice keeps the first request. A declined user
 * applying again keeps their client row (one per Telegram user) with the new answers and a new request.
 */
export async function registerFromBot(db: Db | Tx, input: BotRegistration): Promise<{ clientId: number }> {
  return db.transaction(async (tx) => {
    const existing = await botUserStanding(tx, input.telegramId);
    if (existing.kind === "waiting" || existing.kind === "client") return { clientId: existing.clientId };
    const [organization] = input.organizationId
      ? await tx
          .select({ id: organizations.id })
          .from(organizations)
          .where(eq(organizations.id, input.organizationId))
      : [];
    const answers = {
      telegramUsername: input.telegramUsername,
      organizationId: organization?.id ?? null,
      organizationName: input.organizationName,
      nickname: input.nickname,
      phoneNumber: input.phoneNumber,
      clientType: input.clientType,
    };
    const clientId =
      existing.kind === "declined"
        ? existing.clientId
        : await insertClient(tx, { ...answers, telegramId: input.telegramId });
    if (existing.kind === "declined") await tx.update(clients).set(answers).where(eq(clients.id, clientId));
    await tx.insert(registrationRequests).values({ clientId });
    return { clientId };
  });
}

/** A new inactive client with its (empty) access rules. */
async function insertClient(tx: Tx, values: typeof clients.$inferInsert): Promise<number> {
  const [client] = await tx
    .insert(clients)
    .values({ ...values, isActive: false })
    .returning({ id: clients.id });
  if (!client) throw new Error("the client was not inserted");
  await tx.insert(accessRules).values({ clientId: client.id });
  return client.id;
}

/** A client who opened an organization's invitation link joins that organization (an unknown id changes nothing). */
export async function linkClientToOrganization(
  db: Db | Tx,
  clientId: number,
  organizationId: number,
): Promise<void> {
  const [organization] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  if (!organization) return;
  await db.update(clients).set({ organizationId }).where(eq(clients.id, clientId));
}

export type BotRegistrationService = ReturnType<typeof createBotRegistrationService>;

/**
 * Registration as the bot's handlers use it, on the update's database. The writes take `within`, the
 * update's transaction, so what they change commits with the update's record as handled.
 */
export function createBotRegistrationService({ db }: { db: Db | Tx }) {
  return {
    normalizePhone,
    standing: (telegramId: number) => botUserStanding(db, telegramId),
    register: (input: BotRegistration, within: Db | Tx = db) => registerFromBot(within, input),
    joinOrganization: (clientId: number, organizationId: number, within: Db | Tx = db) =>
      linkClientToOrganization(within, clientId, organizationId),
  };
}
