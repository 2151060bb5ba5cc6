import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
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

describe("API_DOCS", () => {
  it("leaves the OpenAPI page off unless set", () => {
    expect(loadConfig(env({})).apiDocs).toBe(false);
    expect(loadConfig(env({ API_DOCS: "1" })).apiDocs).toBe(true);
    expect(loadConfig(env({ API_DOCS: "0" })).apiDocs).toBe(false);
    expect(() => loadConfig(env({ API_DOCS: "please" }))).toThrow(/API_DOCS/);
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

describe("the example's placeholders", () => {
  const example = readFileSync(new URL("../../deploy/wholesale.env.example", import.meta.url), "utf8");
  /** The example file's settings, KEY=value a line as systemd reads them. */
  const exampleSettings = Object.fromEntries(
    example
      .split("\n")
      .filter((line) => /^[A-Z_]+=/.test(line))
      .map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1)]),
  );

  it("refuse the example file as it is, naming every variable still to fill in", () => {
    const refusal = (() => {
      try {
        loadConfig(exampleSettings);
      } catch (error) {
        return (error as Error).message;
      }
      throw new Error("the example file's settings were accepted");
    })();
    expect(refusal).toMatch(/^ {2}JWT_SECRET: JWT_SECRET is still a placeholder/m);
    expect(refusal).toMatch(/^ {2}ADMIN_PASSWORD: ADMIN_PASSWORD is still a placeholder/m);
    expect(refusal).toMatch(/^ {2}DATABASE_URL: DATABASE_URL's password is still a placeholder/m);
    // The comment nearest above each of those lines says so.
    const lines = example.split("\n");
    for (const name of ["JWT_SECRET", "ADMIN_PASSWORD", "DATABASE_URL"]) {
      let at = lines.findIndex((line) => line.startsWith(`${name}=`));
      while (at > 0 && !lines[at - 1]?.startsWith("#")) at--;
      const comment: string[] = [];
      while (at > 0 && lines[at - 1]?.startsWith("#")) comment.unshift(lines[--at] ?? "");
      expect(comment.join(" "), name).toMatch(/refuses to start/);
    }
  });

  it("refuse each of the example's values alone, and evident placeholders of other examples", () => {
    for (const name of ["JWT_SECRET", "ADMIN_PASSWORD"] as const) {
      expect(() => loadConfig(env({ ADMIN_USERNAME: "admin", [name]: exampleSettings[name] ?? "" }))).toThrow(
        `${name} is still a placeholder`,
      );
    }
    for (const secret of [
      "changeme-changeme-changeme-changeme",
      "CHANGE_ME_TO_A_LONG_RANDOM_STRING_PLEASE",
      "your-jwt-secret-here-placeholder-0123456789",
      "super-secret-here-super-secret-here-0123",
      "an-example-secret-of-thirty-two-characters",
    ]) {
      expect(() => loadConfig(env({ JWT_SECRET: secret })), secret).toThrow(
        /JWT_SECRET is still a placeholder/,
      );
    }
    expect(() => loadConfig(env({ ADMIN_USERNAME: "admin", ADMIN_PASSWORD: "changeme" }))).toThrow(
      /ADMIN_PASSWORD is still a placeholder/,
    );
    expect(() =>
      loadConfig(env({ DATABASE_URL: "postgres://wholesale:change-me@127.0.0.1:5432/wholesale" })),
    ).toThrow(/DATABASE_URL's password is still a placeholder/);
  });

  it("take real values: a generated secret, a chosen password, a database URL with or without a password", () => {
    const secret = randomBytes(48).toString("base64");
    const config = loadConfig(
      env({
        JWT_SECRET: secret,
        ADMIN_USERNAME: "admin",
        ADMIN_PASSWORD: "Kl0pik-na-sklade",
        DATABASE_URL: "postgres://wholesale:s%2Fq7Rt@db.internal:5432/wholesale",
      }),
    );
    expect(config.jwtSecret).toBe(secret);
    expect(config.admin).toEqual({ username: "admin", password: "Kl0pik-na-sklade" });
    expect(loadConfig(env({ DATABASE_URL: "postgres://postgres@127.0.0.1:5432/test" })).databaseUrl).toBe(
      "postgres://postgres@127.0.0.1:5432/test",
    );
  });
});
