import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { isIP } from "node:net";
import { join, resolve } from "node:path";
import { z } from "zod";

const flag = z
  .enum(["1", "0", "true", "false", "yes", "no", "on", "off"])
  .transform((v) => ["1", "true", "yes", "on"].includes(v));

/** A proxy address as Fastify's trustProxy takes it: an IP, or a CIDR range such as 10.0.0.0/8. */
const isProxyAddress = (value: string) => {
  const [address = "", bits, ...rest] = value.split("/");
  if (rest.length > 0 || isIP(address) === 0) return false;
  if (bits === undefined) return true;
  const max = isIP(address) === 4 ? 32 : 128;
  return /^\d+$/.test(bits) && Number(bits) <= max;
};

// Off unless set: trusting X-Forwarded-For from anyone lets a client choose its own IP and so escape the
// per-IP sign-in limit. A number trusts that many proxy hops; a list trusts exactly those proxies.
const trustProxy = z
  .string()
  .trim()
  .transform((value, ctx): false | number | string[] => {
    if (["0", "off", "false", "no"].includes(value)) return false;
    if (/^\d+$/.test(value)) return Number(value);
    const addresses = value.split(",").map((a) => a.trim());
    const bad = addresses.filter((a) => !isProxyAddress(a));
    if (bad.length === 0) return addresses;
    ctx.addIssue({
      code: "custom",
      message: `expected off, a hop count or a comma-separated list of proxy IPs/CIDRs; not ${bad.join(", ")}`,
    });
    return z.NEVER;
  });

/**
 * Words that mark a value as one still to be replaced: those of deploy/wholesale.env.example (its secrets are
 * public) and the usual ones of other examples. A copied example file forgotten on one line would otherwise
 * start a server whose superuser password, or whose token signing key, anyone can read in this repository.
 */
const PLACEHOLDER = /change[-_ ]?me|placeholder|example|secret[-_]here|output[-_]of[-_]openssl/i;
const isPlaceholder = (value: string) => PLACEHOLDER.test(value);

const notPlaceholder = (name: string, instead: string) =>
  [
    (value: string) => !isPlaceholder(value),
    `${name} is still a placeholder (as in deploy/wholesale.env.example): ${instead}`,
  ] as const;

/** The password part of a connection URL, decoded ("" when there is none). */
const urlPassword = (url: string) => {
  try {
    return decodeURIComponent(new URL(url).password);
  } catch {
    return "";
  }
};

const ZEnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATABASE_URL: z
    .string()
    .url()
    .refine(
      (url) => !isPlaceholder(urlPassword(url)),
      "DATABASE_URL's password is still a placeholder (as in deploy/wholesale.env.example): give the database user's password",
    )
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  DATA_DIR: z.string().default("./data"),
  JWT_SECRET: z
    .string()
    .min(32, "JWT_SECRET must be at least 32 characters")
    .refine(...notPlaceholder("JWT_SECRET", "set it to the output of `openssl rand -base64 48`"))
    .optional(),
  ADMIN_USERNAME: z.string().min(1).optional(),
  ADMIN_PASSWORD: z
    .string()
    .min(8, "ADMIN_PASSWORD must be at least 8 characters")
    .refine(...notPlaceholder("ADMIN_PASSWORD", "choose the superuser's password"))
    .optional(),
  SEED_DEMO: flag.optional(),
  API_DOCS: flag.optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  TELEGRAM_BOT_TOKEN: z.string().min(1).optional(),
  TELEGRAM_API_ROOT: z.string().url().optional(),
  TELEGRAM_BOT_USERNAME: z.string().min(1).optional(),
  TELEGRAM_WEBHOOK_URL: z.string().url().optional(),
  // Telegram opens Mini Apps over https only.
  TELEGRAM_WEBAPP_URL: z
    .string()
    .url()
    .refine((url) => url.startsWith("https://"), "TELEGRAM_WEBAPP_URL must be an https:// URL")
    .optional(),
  TELEGRAM_WEBHOOK_SECRET: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,256}$/, "TELEGRAM_WEBHOOK_SECRET: 1-256 of A-Z, a-z, 0-9, _ and -")
    .optional(),
  TELEGRAM_RATE_PER_SECOND: z.coerce.number().positive().max(1000).default(25),
  OUTBOX_RETENTION_DAYS: z.coerce.number().positive().max(3650).default(30),
  TRUST_PROXY: trustProxy.optional(),
  BACKUP_DAILY: flag.optional(),
  BACKUP_KEEP: z.coerce.number().int().min(1).max(3650).default(7),
  BACKUP_DIR: z.string().optional(),
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  LIVE_MAX_STREAMS: z.coerce.number().int().min(0).max(100_000).optional(),
  METRICS_HOST: z
    .string()
    .trim()
    .refine(
      (host) => isIP(host) !== 0 || /^[A-Za-z0-9]([A-Za-z0-9.-]*[A-Za-z0-9])?$/.test(host),
      "METRICS_HOST must be an IP address or a host name (127.0.0.1 by default)",
    )
    .default("127.0.0.1"),
});

export type Config = {
  port: number;
  host: string;
  /** PostgreSQL when set; otherwise the embedded PGlite database in `dataDir`. */
  databaseUrl: string | undefined;
  /** Connections this instance keeps to PostgreSQL at most. */
  databasePoolSize: number;
  dataDir: string;
  jwtSecret: string;
  admin: { username: string; password: string } | undefined;
  seedDemo: boolean;
  /** The OpenAPI page at /api/docs: off unless asked for, so a deployment does not publish its API's map. */
  apiDocs: boolean;
  /** Live streams of staff screens this instance holds at most (0: none, every screen polls); unset: the app's default. */
  liveMaxStreams: number | undefined;
  logLevel: z.infer<typeof ZEnvSchema>["LOG_LEVEL"];
  telegram: {
    token: string | undefined;
    apiRoot: string | undefined;
    botUsername: string | undefined;
    /** Set: Telegram posts updates to this URL; unset: one instance long-polls. */
    webhookUrl: string | undefined;
    webhookSecret: string | undefined;
    /** The Mini App's public https URL (…/app/): the chat's menu button and «Открыть каталог» open it. */
    webAppUrl: string | undefined;
  };
  /** The delivery worker: messages per second to the Bot API (all instances together), days done rows are kept. */
  delivery: { ratePerSecond: number; retentionDays: number };
  /** Which proxies' X-Forwarded-For to believe, as Fastify's `trustProxy` (false: none). */
  trustProxy: false | number | string[];
  /** Backups of the embedded database: the daily one on or off, how many are kept, where. */
  backup: { daily: boolean; keep: number; dir: string };
  /** Prometheus text at /metrics on a listener of its own (never the public port); off when unset. */
  metrics: { port: number; host: string } | undefined;
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
  if (e.METRICS_PORT !== undefined && e.METRICS_PORT === e.PORT) {
    throw new ConfigError(
      "Invalid configuration: METRICS_PORT must differ from PORT (metrics are never served on the public port)",
    );
  }
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    dataDir,
    jwtSecret,
    admin:
      e.ADMIN_USERNAME && e.ADMIN_PASSWORD
        ? { username: e.ADMIN_USERNAME, password: e.ADMIN_PASSWORD }
        : undefined,
    seedDemo: e.SEED_DEMO ?? embedded,
    apiDocs: e.API_DOCS ?? false,
    liveMaxStreams: e.LIVE_MAX_STREAMS,
    logLevel: e.LOG_LEVEL,
    telegram: {
      token: e.TELEGRAM_BOT_TOKEN,
      apiRoot: e.TELEGRAM_API_ROOT,
      botUsername: e.TELEGRAM_BOT_USERNAME,
      webhookUrl: e.TELEGRAM_WEBHOOK_URL,
      webhookSecret: e.TELEGRAM_WEBHOOK_SECRET,
      webAppUrl: e.TELEGRAM_WEBAPP_URL,
    },
    delivery: { ratePerSecond: e.TELEGRAM_RATE_PER_SECOND, retentionDays: e.OUTBOX_RETENTION_DAYS },
    trustProxy: e.TRUST_PROXY ?? false,
    backup: {
      daily: e.BACKUP_DAILY ?? true,
      keep: e.BACKUP_KEEP,
      dir: resolve(e.BACKUP_DIR ?? join(dataDir, "backups")),
    },
    metrics: e.METRICS_PORT === undefined ? undefined : { port: e.METRICS_PORT, host: e.METRICS_HOST },
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
