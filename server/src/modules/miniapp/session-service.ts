import type { TMiniAppMe, TMiniAppSession } from "@wholesale/contract";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { clients } from "../../db/schema/index.ts";
import { AppError, notFound } from "../../http/errors.ts";
import type { ClientTokenClaims, TokenService } from "../../http/tokens.ts";
import type { Clock } from "../../lib/clock.ts";
import { createBotRegistrationService } from "../clients/index.ts";
import type { OrderingService } from "../ordering/index.ts";
import { verifyInitData } from "./init-data.ts";
import { marketOf } from "./views.ts";

export type MiniAppSessionDeps = {
  db: Db;
  clock: Clock;
  tokens: Pick<TokenService, "signClient" | "clientTtlSeconds">;
  /** The bot whose token signs the launch data; none: the Mini App opens no session. */
  botToken: string | undefined;
  ordering: OrderingService;
};

export const BAD_INIT_DATA =
  "Данные запуска Telegram недействительны или устарели. Откройте каталог из чата с ботом ещё раз.";

const NOT_CLIENT = {
  unknown: "Вы ещё не зарегистрированы. Откройте чат с ботом и нажмите /start, чтобы подать заявку.",
  waiting: "Ваша заявка на регистрацию ещё рассматривается. Мы сообщим в чате, когда её подтвердят.",
  declined: "Ваша заявка на регистрацию отклонена. Чтобы подать новую, нажмите /start в чате с ботом.",
} as const;

export type MiniAppSessionService = ReturnType<typeof createMiniAppSessionService>;

/**
 * Opens a Mini App session from Telegram's signed launch data: the Telegram user is the client registered
 * with that Telegram id, if any; whether that client may use the catalogue is the ordering service's
 * standing, as in the bot. Only a client in good standing gets a token; every later call is judged again.
 */
export function createMiniAppSessionService({ db, clock, tokens, botToken, ordering }: MiniAppSessionDeps) {
  const clientRow = async (clientId: number) =>
    (
      await db
        .select({
          id: clients.id,
          nickname: clients.nickname,
          seesPrices: clients.allowedPrice,
          telegramId: clients.telegramId,
        })
        .from(clients)
        .where(eq(clients.id, clientId))
    )[0];

  /** The session of a client the ordering service lets in, or why it does not. */
  async function sessionOf(clientId: number, telegramId: number, dryRun: boolean): Promise<TMiniAppSession> {
    const allowed = await ordering.standing(clientId);
    if (!allowed.ok) return { status: "not_client", reason: "not_allowed", detail: allowed.message };
    const client = await clientRow(clientId);
    if (!client) return { status: "not_client", reason: "unknown", detail: NOT_CLIENT.unknown };
    const token = await tokens.signClient({ clientId: client.id, telegramId, dryRun });
    return {
      status: "client",
      token,
      expires_in: tokens.clientTtlSeconds,
      client: { id: client.id, nickname: client.nickname, sees_prices: client.seesPrices },
      market: marketOf(allowed.market),
    };
  }

  return {
    async open(initData: string): Promise<TMiniAppSession> {
      const user = botToken ? verifyInitData(initData, botToken, clock.now()) : null;
      if (!user) throw new AppError("authentication_failed", BAD_INIT_DATA);
      const standing = await createBotRegistrationService({ db }).standing(user.telegramId);
      if (standing.kind !== "client")
        return { status: "not_client", reason: standing.kind, detail: NOT_CLIENT[standing.kind] };
      return sessionOf(standing.clientId, user.telegramId, false);
    },

    /**
     * Staff open the Mini App as a client from the bot preview: the same session the client would get (or the
     * same refusal), with the preview's dry-run rule carried in the token.
     */
    async openAs(clientId: number, dryRun: boolean): Promise<TMiniAppSession> {
      const client = await clientRow(clientId);
      if (!client) throw notFound("Клиент не найден.");
      return sessionOf(clientId, client.telegramId ?? 0, dryRun);
    },

    /** What a token stands for: the page opened with a preview token reads its client and market here. */
    async me(claims: ClientTokenClaims): Promise<TMiniAppMe | null> {
      const allowed = await ordering.standing(claims.clientId);
      const client = await clientRow(claims.clientId);
      if (!allowed.ok || !client) return null;
      return {
        client: { id: client.id, nickname: client.nickname, sees_prices: client.seesPrices },
        market: marketOf(allowed.market),
        dry_run: claims.dryRun === true,
      };
    },
  };
}
