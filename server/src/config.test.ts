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

describe("METRICS_PORT and METRICS_HOST", () => {
  it("are off unless METRICS_PORT is set, then listen on loopback unless METRICS_HOST says otherwise", () => {
    expect(loadConfig(env({})).metrics).toBeUndefined();
    expect(loadConfig(env({ METRICS_HOST: "0.0.0.0" })).metrics).toBeUndefined();
    expect(loadConfig(env({ METRICS_PORT: "9464" })).metrics).toEqual({ port: 9464, host: "127.0.0.1" });
    expect(loadConfig(env({ METRICS_PORT: "9464", METRICS_HOST: "10.0.0.5" })).metrics).toEqual({
      port: 9464,
      host: "10.0.0.5",
    });
    expect(loadConfig(env({ METRICS_PORT: "9464", METRICS_HOST: "::1" })).metrics?.host).toBe("::1");
  });

  it("refuse a port that is not one, or the public port, and a host that is no address", () => {
    for (const bad of ["0", "65536", "9464.5", "metrics"]) {
      expect(() => loadConfig(env({ METRICS_PORT: bad }))).toThrow(/METRICS_PORT/);
    }
    expect(() => loadConfig(env({ PORT: "3000", METRICS_PORT: "3000" }))).toThrow(
      /METRICS_PORT must differ from PORT/,
    );
    expect(() => loadConfig(env({ METRICS_PORT: "9464", METRICS_HOST: "http://x/" }))).toThrow(
      /METRICS_HOST/,
    );
  });
});
