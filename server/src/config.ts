import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { z } from "zod";

const flag = z
  .enum(["1", "0", "true", "false", "yes", "no", "on", "off"])
  .transform((v) => ["1", "true", "yes", "on"].includes(v));

const ZEnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().default("./data"),
  JWT_SECRET: z.string().min(32, "JWT_SECRET must be at least 32 characters").optional(),
  ADMIN_USERNAME: z.string().min(1).optional(),
  ADMIN_PASSWORD: z.string().min(8, "ADMIN_PASSWORD must be at least 8 characters").optional(),
  SEED_DEMO: flag.optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  TELEGRAM_BOT_TOKEN: z.string().min(1).optional(),
  TELEGRAM_API_ROOT: z.string().url().optional(),
  TELEGRAM_BOT_USERNAME: z.string().min(1).optional(),
  TELEGRAM_WEBHOOK_URL: z.string().url().optional(),
  TELEGRAM_WEBHOOK_SECRET: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,256}$/, "TELEGRAM_WEBHOOK_SECRET: 1-256 of A-Z, a-z, 0-9, _ and -")
    .optional(),
  TELEGRAM_RATE_PER_SECOND: z.coerce.number().positive().max(1000).default(25),
  OUTBOX_RETENTION_DAYS: z.coerce.number().positive().max(3650).default(30),
});

export type Config = {
  port: number;
  host: string;
  /** PostgreSQL when set; otherwise the embedded PGlite database in `dataDir`. */
  databaseUrl: string | undefined;
  dataDir: string;
  jwtSecret: string;
  admin: { username: string; password: string } | undefined;
  seedDemo: boolean;
  logLevel: z.infer<typeof ZEnvSchema>["LOG_LEVEL"];
  telegram: {
    token: string | undefined;
    apiRoot: string | undefined;
    botUsername: string | undefined;
    /** Set: Telegram posts updates to this URL; unset: one instance long-polls. */
    webhookUrl: string | undefined;
    webhookSecret: string | undefined;
  };
  /** The delivery worker: messages per second to the Bot API (all instances together), days done rows are kept. */
  delivery: { ratePerSecond: number; retentionDays: number };
};

export class ConfigError extends Error {}

/** Reads the environment once, at start. Every problem is reported together, in one message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ZEnvSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== "")));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  const embedded = e.DATABASE_URL === undefined;
  const dataDir = resolve(e.DATA_DIR);
  if ((e.ADMIN_USERNAME === undefined) !== (e.ADMIN_PASSWORD === undefined)) {
    throw new ConfigError("Invalid configuration: set both ADMIN_USERNAME and ADMIN_PASSWORD, or neither");
  }
  let jwtSecret = e.JWT_SECRET;
  if (jwtSecret === undefined) {
    if (!embedded) throw new ConfigError("Invalid configuration: JWT_SECRET is required with DATABASE_URL");
    jwtSecret = embeddedJwtSecret(dataDir);
  }
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir,
    jwtSecret,
    admin:
      e.ADMIN_USERNAME && e.ADMIN_PASSWORD
        ? { username: e.ADMIN_USERNAME, password: e.ADMIN_PASSWORD }
        : undefined,
    seedDemo: e.SEED_DEMO ?? embedded,
    logLevel: e.LOG_LEVEL,
    telegram: {
      token: e.TELEGRAM_BOT_TOKEN,
      apiRoot: e.TELEGRAM_API_ROOT,
      botUsername: e.TELEGRAM_BOT_USERNAME,
      webhookUrl: e.TELEGRAM_WEBHOOK_URL,
      webhookSecret: e.TELEGRAM_WEBHOOK_SECRET,
    },
    delivery: { ratePerSecond: e.TELEGRAM_RATE_PER_SECOND, retentionDays: e.OUTBOX_RETENTION_DAYS },
  };
}

/** With the embedded database a secret is generated once and kept beside the data, so sessions survive restarts. */
function embeddedJwtSecret(dataDir: string): string {
  const file = join(dataDir, "jwt-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
