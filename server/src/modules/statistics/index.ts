export { dashboardRoutes } from "./dashboard-routes.ts";
export { createDashboardService } from "./dashboard-service.ts";
export { statisticsRoutes } from "./routes.ts";
export { plainGroupBySources, rollupSources, type SalesSources, T } from "./sales-sources.ts";
export { createStatisticsService, type StatisticsService } from "./statistics-service.ts";
