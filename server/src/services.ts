import { registrationConfirmedMessage } from "./bot/keyboards/main-menu.ts";
import type { Db } from "./db/client.ts";
import type { TokenService } from "./http/tokens.ts";
import type { Clock } from "./lib/clock.ts";
import type { Metrics } from "./lib/metrics.ts";
import { createAccountsService, createAuthService, createLogService } from "./modules/accounts/index.ts";
import { createBotTextService } from "./modules/bot-texts/index.ts";
import { createCatalogueService, createOffersFileService } from "./modules/catalogue/index.ts";
import { createClaimService } from "./modules/claims/index.ts";
import {
  createClientService,
  createCollectionGroupService,
  createGroupService,
  createOrganizationService,
  createRequestService,
  createSendOrdersService,
} from "./modules/clients/index.ts";
import { createScheduleService } from "./modules/market/index.ts";
import type { MarketPulse } from "./modules/market-opening/index.ts";
import { createMessageService } from "./modules/messaging/index.ts";
import { createMiniAppService, createMiniAppSessionService } from "./modules/miniapp/index.ts";
import { countEach, createOrderingService } from "./modules/ordering/index.ts";
import { createPreparedListService } from "./modules/prepared-list/index.ts";
import {
  createDailyReportService,
  createInvoiceService,
  createLeftoverService,
} from "./modules/reports/index.ts";
import {
  createCollectionService,
  createOrderService,
  createPositionsByModificationService,
  createXlsxExportService,
} from "./modules/sales/index.ts";
import { createDashboardService, createStatisticsService } from "./modules/statistics/index.ts";
import { createStockWaitService, waitedBy } from "./modules/stock-waits/index.ts";

export type ServiceDeps = {
  db: Db;
  clock: Clock;
  tokens: TokenService;
  /** The client bot's token: it signs the Mini App's launch data (none: the Mini App opens no session). */
  telegramBotToken?: string;
  /** The client bot's username, for organization invitation links (none: no links). */
  telegramBotUsername?: string;
  metrics?: Metrics;
  /** This instance's count of refusals for «Открытие маркета». */
  pulse?: MarketPulse;
};

/**
 * Every service of the back-office, built once per process: the routes and the scheduled jobs use these same
 * instances (app.ts hands them to both), so a job never works with a second copy set up differently.
 */
export function createServices({
  db,
  clock,
  tokens,
  telegramBotToken,
  telegramBotUsername,
  metrics,
  pulse,
}: ServiceDeps) {
  const statistics = createStatisticsService({ db, clock });
  // Every way a client orders (the Mini App, its lists, its session) takes this one service, each in its scope.
  const ordering = createOrderingService({ db, clock, countAttempt: pulse?.countAttempt });
  // The Mini App's rows and cards say what the client waits for («Сообщить о поступлении»).
  const waitedFor = (clientId: number, ids: readonly number[]) => waitedBy(db, clientId, ids, clock.now());
  return {
    auth: createAuthService({ db, clock, tokens }),
    accounts: createAccountsService({ db }),
    log: createLogService({ db }),
    catalogue: createCatalogueService({ db }),
    offersFile: createOffersFileService({ db }),
    leftover: createLeftoverService({ db, clock }),
    positionsByModification: createPositionsByModificationService({ db, clock }),
    clients: createClientService({ db }),
    requests: createRequestService({ db, confirmation: registrationConfirmedMessage() }),
    groups: createGroupService({ db }),
    collectionGroups: createCollectionGroupService({ db }),
    organizations: createOrganizationService({ db, botUsername: telegramBotUsername }),
    sendOrders: createSendOrdersService({ db, clock }),
    orders: createOrderService({ db, clock }),
    collection: createCollectionService({ db, clock }),
    xlsxExports: createXlsxExportService({ db, clock }),
    schedules: createScheduleService({ db, clock }),
    botTexts: createBotTextService({ db }),
    messages: createMessageService({ db, clock }),
    claims: createClaimService({ db }),
    statistics,
    invoices: createInvoiceService({ db, clock }),
    dailyReports: createDailyReportService({ db, clock, statistics }),
    dashboard: createDashboardService({ db, clock, statistics }),
    miniAppSessions: createMiniAppSessionService({ db, clock, tokens, botToken: telegramBotToken, ordering }),
    miniApp: createMiniAppService({
      db,
      ordering: ordering.on({
        countAttempt: countEach(metrics?.orderingAttempts("miniapp"), pulse?.countAttempt),
      }),
      waitedFor,
    }),
    // A staff preview's refusals are no client's: the opening's figures leave them out.
    miniAppDryRun: createMiniAppService({
      db,
      ordering: ordering.on({ countAttempt: undefined }),
      dryRun: true,
      waitedFor,
    }),
    stockWaits: createStockWaitService({ db, clock, ordering }),
    stockWaitsDryRun: createStockWaitService({ db, clock, ordering, dryRun: true }),
    preparedList: createPreparedListService({ db, clock, ordering, waitedFor }),
    preparedListPreview: (session: string) =>
      createPreparedListService({ db, clock, ordering, preview: session, waitedFor }),
  };
}

export type Services = ReturnType<typeof createServices>;
