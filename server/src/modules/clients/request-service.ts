import type { TRegistrationRequest, TRegistrationRequestUpdate } from "@wholesale/contract";
import { and, asc, eq, getTableColumns, type SQL } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { accessRules, clients, registrationRequests } from "../../db/schema/index.ts";
import { conflict, notFound } from "../../http/errors.ts";
import { enqueueOutbox } from "../outbox/index.ts";
import { assertReferences, toClient } from "./client-service.ts";

async function selectRequests(db: Db | Tx, where: SQL | undefined) {
  const rows = await db
    .select({
      request: getTableColumns(registrationRequests),
      client: getTableColumns(clients),
      rules: getTableColumns(accessRules),
    })
    .from(registrationRequests)
    .innerJoin(clients, eq(clients.id, registrationRequests.clientId))
    .leftJoin(accessRules, eq(accessRules.clientId, clients.id))
    .where(where)
    .orderBy(asc(registrationRequests.createdAt), asc(registrationRequests.id));
  return rows.map(
    (r): TRegistrationRequest => ({
      id: r.request.id,
      client: toClient(r.client, r.rules),
      confirmed: r.request.confirmed,
      deleted: r.request.deleted,
      created_at: r.request.createdAt.toISOString(),
    }),
  );
}

async function getRequest(db: Db | Tx, id: number): Promise<TRegistrationRequest> {
  const [request] = await selectRequests(db, eq(registrationRequests.id, id));
  if (!request) throw notFound("Заявка не найдена");
  return request;
}

export type RequestService = ReturnType<typeof createRequestService>;

/** What the bot sends a client whose registration is confirmed: its words and menu are the bot's, given by the app. */
export type ConfirmationMessage = { text: string; replyMarkup: unknown };

export function createRequestService({ db, confirmation }: { db: Db; confirmation: ConfirmationMessage }) {
  return {
    /** Open requests only: neither confirmed nor deleted. */
    list: () =>
      selectRequests(
        db,
        and(eq(registrationRequests.confirmed, false), eq(registrationRequests.deleted, false)),
      ),

    get: (id: number) => getRequest(db, id),

    /**
     * Confirming adds the client (active, not banned, with the chosen name, group, direction, volume and price
     * access: prices shown by default);
     * deleting drops the request from the list. A request that is already settled cannot change again.
     */
    async update(id: number, input: TRegistrationRequestUpdate): Promise<TRegistrationRequest> {
      return db.transaction(async (tx) => {
        const [request] = await tx
          .select()
          .from(registrationRequests)
          .where(eq(registrationRequests.id, id))
          .for("update");
        if (!request) throw notFound("Заявка не найдена");
        if (request.confirmed || request.deleted) {
          throw conflict(request.confirmed ? "Заявка уже подтверждена" : "Заявка уже удалена");
        }
        if (input.confirmed && input.client) {
          await assertReferences(tx, input.client);
          const [confirmed] = await tx
            .update(clients)
            .set({
              nickname: input.client.nickname,
              groupId: input.client.group,
              transportationId: input.client.transportation,
              clientType: input.client.client_type,
              allowedPrice: input.client.allowed_price,
              // As the client dialog stores it: no markup without prices.
              allowedPriceWMarkup: input.client.allowed_price && input.client.allowed_price_w_markup,
              isActive: true,
              banned: false,
              permanentBanned: false,
            })
            .where(eq(clients.id, request.clientId))
            .returning({ id: clients.id, telegramId: clients.telegramId });
          // The bot tells the client, through the outbox, in the same transaction as the confirmation.
          if (confirmed?.telegramId) {
            await enqueueOutbox(tx, [
              {
                clientId: confirmed.id,
                chatId: confirmed.telegramId,
                kind: "registration_confirmed",
                text: confirmation.text,
                replyMarkup: confirmation.replyMarkup,
              },
            ]);
          }
        }
        await tx
          .update(registrationRequests)
          .set({
            confirmed: input.confirmed ?? false,
            deleted: input.confirmed ? false : (input.deleted ?? false),
          })
          .where(eq(registrationRequests.id, id));
        return getRequest(tx, id);
      });
    },
  };
}
