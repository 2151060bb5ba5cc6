export { createDailyReportService, type DailyReportService } from "./daily-report-service.ts";
export { invoiceAndDailyReportRoutes } from "./invoice-and-daily-routes.ts";
export { createInvoiceService, type InvoiceService } from "./invoice-service.ts";
export { createLeftoverService, type LeftoverService } from "./leftover-service.ts";
export { leftoverReportRoutes } from "./routes.ts";
