export { announceAtOpening } from "./announce-at-opening.ts";
export { type AnnounceDeps, announceStockBack } from "./announce-stock-back.ts";
export { type OpenButton, STOCK_BACK_KIND } from "./announcement.ts";
export { cleanUpWaits } from "./clean-up-waits.ts";
export { countWaiting } from "./count-waiting.ts";
export { createStockWaitService, type StockWaitService } from "./stock-wait-service.ts";
export { vetAnnouncements, WITHDRAWN } from "./vet-announcements.ts";
export { waitedBy } from "./waited-by.ts";
export { stockWaitRoutes } from "./waits-routes.ts";
