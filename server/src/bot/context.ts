import type { Context } from "grammy";
import type { Db, Tx } from "../db/client.ts";
import type { UpdateReceipt } from "../db/handled-updates.ts";
import type { Clock } from "../lib/clock.ts";
import type { BotMetrics } from "../lib/metrics.ts";
import type { BotTextService } from "../modules/bot-texts/index.ts";
import type { ClaimService } from "../modules/claims/index.ts";
import type { BotRegistrationService, BotUserStanding } from "../modules/clients/index.ts";
import type { MarketPulse } from "../modules/market-opening/index.ts";
import type { MarketState, OrderingService } from "../modules/ordering/index.ts";
import type { PreparedListService } from "../modules/prepared-list/index.ts";
import type { StockWaitService } from "../modules/stock-waits/index.ts";
import type { BotSession, StoredSession } from "./session-state.ts";

/** What the bot is built from; the live bot, the preview and the benchmark pass their own. */
export type BotDeps = {
  db: Db;
  clock: Clock;
  log: BotLog;
  /** Skip updates already taken (live Telegram updates); the preview's made-up updates are not recorded. */
  dedupUpdates: boolean;
  /** Prefix of session keys: the preview keeps its conversations apart from the clients' real chats. */
  sessionPrefix: string;
  /** Run every update in a transaction that is rolled back: the preview's dry run. */
  dryRun: boolean;
  /** How long one update may take before the user is told to try again. */
  updateTimeoutMs: number;
  /**
   * Updates made up by staff in the back-office's preview: never the client's own doing, so they leave the
   * client's delivery state (the unreachable mark) alone. Absent for real Telegram updates.
   */
  preview?: boolean;
  /** The Mini App's public https URL (TELEGRAM_WEBAPP_URL): the entry text offers «Открыть каталог» with it. */
  webAppUrl?: string;
  /** The live bot's metrics (METRICS_PORT): updates, their lag, errors, and ordering attempts counted as the bot's. */
  metrics?: BotMetrics;
  /** This instance's count of refusals for «Открытие маркета» (the live bot's; a preview counts none). */
  pulse?: MarketPulse;
};

/** The services handlers ask, on one database (middlewares/services.ts). */
export type BotServices = {
  texts: BotTextService;
  claims: ClaimService;
  registration: BotRegistrationService;
  /** Counting the bot's attempts; each update takes its own scope of it (`ctx.ordering`). */
  ordering: OrderingService;
  preparedList: PreparedListService;
  /** «Сообщить о поступлении» and «Мои ожидания». */
  stockWaits: StockWaitService;
};

export type BotLog = {
  error: (details: Record<string, unknown>, message: string) => void;
  warn: (details: Record<string, unknown>, message: string) => void;
};

export type BotContext = Context & {
  deps: BotDeps;
  /** Set by the guard when the update ran past its time: it was apologised for, its state is not kept. */
  timedOut: boolean;
  /** The database of this update: the shared one, or the dry run's transaction. */
  db: Db | Tx;
  /** This update's record as handled, written with its effect (null: the preview's updates are not recorded). */
  receipt: UpdateReceipt | null;
  session: BotSession;
  /** The session as the database holds it: arrival.ts writes `session` back when it differs. */
  storedSession: StoredSession;
  /** The services of every update (middlewares/services.ts), on `db`. */
  services: BotServices;
  standing: BotUserStanding;
  /** Set for a confirmed client in good standing (the client area's middleware). */
  clientId: number;
  /** The ordering service in this update's scope: on `db`, the client read once, the update's receipt. */
  ordering: OrderingService;
  market: MarketState;
};
