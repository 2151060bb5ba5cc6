export { createOrderingService } from "./ordering-service.ts";
export type * from "./types.ts";
