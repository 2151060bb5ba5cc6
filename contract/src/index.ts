export * from "./accounts.ts";
export * from "./auth.ts";
export * from "./catalogue.ts";
export * from "./clients.ts";
export * from "./common.ts";
export * from "./permissions.ts";
export * from "./reports.ts";
export * from "./sales.ts";
export { z } from "./zod-ru.ts";
