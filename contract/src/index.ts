export * from "./accounts.ts";
export * from "./auth.ts";
export * from "./common.ts";
export * from "./permissions.ts";
export { z } from "./zod-ru.ts";
