import type { TMiniAppSession } from "@wholesale/contract";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { clients } from "../../db/schema/index.ts";
import { AppError } from "../../http/errors.ts";
import type { TokenService } from "../../http/tokens.ts";
import type { Clock } from "../../lib/clock.ts";
import { botUserStanding } from "../clients/index.ts";
import { createOrderingService } from "../ordering/index.ts";
import { verifyInitData } from "./init-data.ts";
import { marketOf } from "./views.ts";

export type MiniAppSessionDeps = {
  db: Db;
  clock: Clock;
  tokens: Pick<TokenService, "signClient" | "clientTtlSeconds">;
  /** The bot whose token signs the launch data; none: the Mini App opens no session. */
  botToken: string | undefined;
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
export function createMiniAppSessionService({ db, clock, tokens, botToken }: MiniAppSessionDeps) {
  return {
    async open(initData: string): Promise<TMiniAppSession> {
      const user = botToken ? verifyInitData(initData, botToken, clock.now()) : null;
      if (!user) throw new AppError("authentication_failed", BAD_INIT_DATA);
      const standing = await botUserStanding(db, user.telegramId);
      if (standing.kind !== "client")
        return { status: "not_client", reason: standing.kind, detail: NOT_CLIENT[standing.kind] };
      const ordering = createOrderingService({ db, clock });
      const allowed = await ordering.standing(standing.clientId);
      if (!allowed.ok) return { status: "not_client", reason: "not_allowed", detail: allowed.message };
      const [client] = await db
        .select({ id: clients.id, nickname: clients.nickname, seesPrices: clients.allowedPrice })
        .from(clients)
        .where(eq(clients.id, standing.clientId));
      if (!client) throw new AppError("authentication_failed", BAD_INIT_DATA);
      const token = await tokens.signClient({ clientId: client.id, telegramId: user.telegramId });
      return {
        status: "client",
        token,
        expires_in: tokens.clientTtlSeconds,
        client: { id: client.id, nickname: client.nickname, sees_prices: client.seesPrices },
        market: marketOf(allowed.market),
      };
    },
  };
}
