export * from "./accounts.ts";
export * from "./catalogue.ts";
export * from "./clients.ts";
export * from "./jobs.ts";
export * from "./market.ts";
export * from "./messaging.ts";
export * from "./reports.ts";
export * from "./sales.ts";
