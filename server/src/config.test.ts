import { describe, expect, it } from "vitest";
import { loadConfig } from "./config.ts";

const env = (more: Record<string, string>) => ({
  DATA_DIR: "/tmp/unused",
  JWT_SECRET: "x".repeat(32),
  ...more,
});

describe("DATABASE_POOL_SIZE", () => {
  it("is ten connections unless set, and takes a whole number from 1 to 100", () => {
    expect(loadConfig(env({})).databasePoolSize).toBe(10);
    expect(loadConfig(env({ DATABASE_POOL_SIZE: "5" })).databasePoolSize).toBe(5);
    for (const bad of ["0", "2.5", "101", "many"]) {
      expect(() => loadConfig(env({ DATABASE_POOL_SIZE: bad }))).toThrow(/DATABASE_POOL_SIZE/);
    }
  });
});

describe("TELEGRAM_WEBAPP_URL", () => {
  it("is the Mini App's https URL: Telegram opens no other", () => {
    expect(loadConfig(env({})).telegram.webAppUrl).toBeUndefined();
    expect(loadConfig(env({ TELEGRAM_WEBAPP_URL: "https://shop.example/app/" })).telegram.webAppUrl).toBe(
      "https://shop.example/app/",
    );
    expect(() => loadConfig(env({ TELEGRAM_WEBAPP_URL: "http://shop.example/app/" }))).toThrow(
      /TELEGRAM_WEBAPP_URL must be an https:\/\/ URL/,
    );
    expect(() => loadConfig(env({ TELEGRAM_WEBAPP_URL: "shop.example/app/" }))).toThrow(
      /TELEGRAM_WEBAPP_URL/,
    );
  });
});
