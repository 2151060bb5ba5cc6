export { createCatalogueService } from "./catalogue-service.ts";
export { createOffersFileService, OFFERS_COLUMNS } from "./offers-file.ts";
export { catalogueRoutes } from "./routes.ts";
