export { createCollectionService } from "./collection-service.ts";
export { createOrderService } from "./order-service.ts";
export { positionsByModificationRoutes } from "./positions-by-modification-routes.ts";
export { createPositionsByModificationService } from "./positions-by-modification-service.ts";
export { salesRoutes } from "./routes.ts";
export { createXlsxExportService } from "./xlsx-exports.ts";
