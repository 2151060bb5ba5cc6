import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { get as httpGet } from "node:http";
import type { ClientHttp2Session } from "node:http2";
import { type AddressInfo, connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp, UPLOAD_LIMIT } from "../app.ts";
import { createLiveBot, webhookSecret } from "../bot/run.ts";
import { type Config, loadConfig } from "../config.ts";
import { seedAccount } from "../db/factories/accounts.ts";
import { seedCurrency } from "../db/factories/catalogue.ts";
import { seedClient } from "../db/factories/clients.ts";
import { seedClaim } from "../db/factories/messaging.ts";
import { logEntries } from "../db/schema/index.ts";
import { fixedClock } from "../lib/clock.ts";
import { TEST_PASSWORD } from "../test/app.ts";
import { openTestDatabase, type TestDatabase } from "../test/database.ts";
import { type FakeBotApi, startFakeBotApi } from "../test/fake-bot-api.ts";
import { connectH2, h2Request, json } from "../test/h2-client.ts";
import { multipartBody } from "../test/multipart.ts";
import { NGINX_PATH, nginxInstalled, type RunningNginx, startNginx } from "../test/nginx.ts";
import { waitUntil } from "../test/wait.ts";

// The deployment in deploy/ run for real: Debian's nginx with the repository's site file (only ports, host name,
// certificate and webroot swapped), the app configured by the environment example, a client on loopback.

const DEPLOY = new URL("../../../deploy/", import.meta.url).pathname;
/** The client's own address: another loopback address than nginx's (127.0.0.1), so the two can be told apart. */
const CLIENT_ADDRESS = "127.0.0.2";
const OFFERS_PATH = "/api/storehouse/offers/file/";
const MB = 1024 * 1024;

/** Whether nothing listens on the loopback port any more. */
const refusesConnections = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(false);
    });
    socket.once("error", () => resolve(true));
  });

/** deploy/wholesale.env.example as systemd's EnvironmentFile reads it: KEY=value lines, # comments. */
function environmentExample(): Record<string, string> {
  const lines = readFileSync(join(DEPLOY, "wholesale.env.example"), "utf8").split("\n");
  const entries = lines
    .map((line) => line.trim())
    .filter((line) => line !== "" && !line.startsWith("#"))
    .map((line) => {
      const at = line.indexOf("=");
      if (at <= 0) throw new Error(`not a KEY=value line in the environment example: ${line}`);
      return [line.slice(0, at), line.slice(at + 1)] as const;
    });
  return Object.fromEntries(entries);
}

/**
 * The example as an operator fills it in: what the server refuses as a placeholder replaced by real values
 * (the test's database and Bot API are its own anyway).
 */
function filledIn(example: Record<string, string>): Record<string, string> {
  return {
    ...example,
    DATABASE_URL: "postgres://wholesale:Vq8rT3kLm2@127.0.0.1:5432/wholesale",
    JWT_SECRET: randomBytes(48).toString("base64"),
    ADMIN_PASSWORD: randomBytes(12).toString("base64url"),
  };
}

/** `openssl s_client` offering only what `args` allow: the suite agreed, or why the handshake failed. */
function tlsHandshake(port: number, args: string[]): { agreed: string | undefined; output: string } {
  const run = spawnSync("openssl", ["s_client", "-connect", `127.0.0.1:${port}`, "-brief", ...args], {
    input: "",
    encoding: "utf8",
    timeout: 60_000,
  });
  const output = `${run.stdout}${run.stderr}`;
  const agreed = run.status === 0 ? /Ciphersuite: (\S+)/.exec(output)?.[1] : undefined;
  return { agreed, output };
}

/** A request over plain HTTP from the client's address, as `host`: its answer, or null when nginx closed unanswered. */
function plainHttp(
  port: number,
  path: string,
  host: string,
): Promise<{ status: number; location?: string; server?: string; body: string } | null> {
  return new Promise((resolve, reject) => {
    httpGet({ host: "127.0.0.1", port, path, localAddress: CLIENT_ADDRESS, headers: { host } }, (res) => {
      let body = "";
      res.on("data", (chunk: Buffer) => {
        body += chunk.toString();
      });
      res.on("end", () =>
        resolve({
          status: res.statusCode ?? 0,
          location: res.headers.location,
          server: res.headers.server?.toString(),
          body,
        }),
      );
    }).on("error", (error: NodeJS.ErrnoException) =>
      error.code === "ECONNRESET" || error.message === "socket hang up" ? resolve(null) : reject(error),
    );
  });
}

/** A real workbook of two offers with a 5 MB picture in it (a price list with a photo), so the file is 5 MB. */
async function fiveMegabyteOffersFile(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Предложения");
  sheet.addRow(["Брэнд", "Продукт", "Модификация", "Количество", "От", "Малый опт", "Крупный опт", "Валюта"]);
  sheet.addRow(["Прокси", "Телефон", "64 ГБ", 10, 1, 100, 90, "Рубль"]);
  sheet.addRow(["Прокси", "Телефон", "128 ГБ", 5, 1, 150, 140, "Рубль"]);
  // Random bytes do not compress: the archive stays as large as the picture.
  const picture = workbook.addImage({
    buffer: randomBytes(5 * MB) as unknown as ExcelJS.Buffer,
    extension: "png",
  });
  sheet.addImage(picture, "J2:L8");
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const offersUpload = (data: Buffer) =>
  multipartBody(
    {},
    {
      file: {
        data,
        filename: "offers.xlsx",
        contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      },
    },
  );

/** A miniature of the built web app: the back-office's page and the Mini App's. */
function miniatureWebDist(): string {
  const dir = mkdtempSync(join(tmpdir(), "web-dist-nginx-"));
  writeFileSync(join(dir, "index.html"), "<!doctype html><title>Back-office</title>");
  mkdirSync(join(dir, "app"));
  writeFileSync(join(dir, "app/index.html"), "<!doctype html><title>Каталог</title>");
  return dir;
}

const skipped = nginxInstalled()
  ? undefined
  : `nginx is not installed at ${NGINX_PATH} (apt-get install -y nginx; .ci/run installs it)`;
if (skipped) console.warn(`behind-nginx.test.ts skipped: ${skipped}`);

describe.skipIf(skipped !== undefined)("the app behind nginx with deploy/'s site and environment", () => {
  let config: Config;
  let database: TestDatabase;
  let fake: FakeBotApi;
  let app: FastifyInstance;
  let appPort: number;
  let appRunning = false;
  let webDist: string;
  let nginx: RunningNginx;
  let session: ClientHttp2Session;
  let secretToken: string;
  /**
   * What reached the app: X-Forwarded-For of each sign-in, how many offers uploads arrived at all, and the
   * Connection headers of what nginx passed on (the test's own direct requests have no X-Forwarded-For).
   */
  const forwardedForSignIns: (string | undefined)[] = [];
  let offersUploadsArrived = 0;
  const connectionHeaders = new Set<string | undefined>();

  beforeAll(async () => {
    config = loadConfig(filledIn(environmentExample()));
    database = await openTestDatabase();
    fake = await startFakeBotApi();
    const clock = fixedClock("2026-11-20T09:00:00Z");
    const bot = createLiveBot(
      { token: fake.token, apiRoot: fake.apiRoot },
      {
        db: database.db,
        clock,
        log: { error: () => undefined, warn: () => undefined },
        webAppUrl: config.telegram.webAppUrl,
      },
    );
    secretToken = webhookSecret(fake.token, config.telegram.webhookSecret);
    webDist = miniatureWebDist();
    app = await buildApp({
      db: database.db,
      clock,
      jwtSecret: config.jwtSecret,
      webDist,
      botWebhook: { bot, secretToken },
      trustProxy: config.trustProxy,
    });
    app.addHook("onRequest", (request, _reply, done) => {
      if (request.url === "/api/token/")
        forwardedForSignIns.push(request.headers["x-forwarded-for"] as string);
      if (request.url === OFFERS_PATH) offersUploadsArrived += 1;
      if (request.headers["x-forwarded-for"] !== undefined) connectionHeaders.add(request.headers.connection);
      done();
    });
    await app.listen({ host: config.host, port: 0 });
    appRunning = true;
    appPort = (app.server.address() as AddressInfo).port;
    await seedAccount(database.db, { username: "anna", password: TEST_PASSWORD, role: "office" });
    await seedCurrency(database.db, { name: "Рубль", sign: "₽" });

    nginx = await startNginx(appPort);
    session = await connectH2(nginx.httpsPort, nginx.certificate, CLIENT_ADDRESS);
  });

  afterAll(async () => {
    session?.close();
    await nginx?.stop();
    if (appRunning) await app.close();
    await fake?.close();
    await database?.close();
    if (webDist) rmSync(webDist, { recursive: true, force: true });
  });

  const request = (method: string, path: string, options?: Parameters<typeof h2Request>[3]) =>
    h2Request(session, method, path, options);

  async function signIn(headers: Record<string, string> = {}): Promise<string> {
    const answer = await request("POST", "/api/token/", {
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify({ username: "anna", password: TEST_PASSWORD }),
    });
    expect(answer.status).toBe(200);
    return (json(answer) as { access: string }).access;
  }

  it("refuses the environment example as it is: its secrets are placeholders, each named", () => {
    expect(() => loadConfig(environmentExample())).toThrow(
      /JWT_SECRET: JWT_SECRET is still a placeholder[\s\S]*ADMIN_PASSWORD: ADMIN_PASSWORD is still a placeholder/,
    );
    expect(() => loadConfig(environmentExample())).toThrow(/DATABASE_URL's password is still a placeholder/);
  });

  it("runs the environment example's app: on loopback, believing one proxy hop", () => {
    expect(config.host).toBe("127.0.0.1");
    expect(config.trustProxy).toBe(1);
    expect(new URL(config.telegram.webhookUrl ?? "").pathname).toBe("/api/bot/webhook/");
    expect(new URL(config.telegram.webAppUrl ?? "").pathname).toBe("/app/");
  });

  it("speaks HTTP/2 over TLS with HSTS; plain HTTP moves to https, but for certbot's renewal files", async () => {
    expect(session.alpnProtocol).toBe("h2");
    const health = await request("GET", "/api/health");
    expect(health.status).toBe(200);
    expect(json(health)).toMatchObject({ status: "ok" });
    expect(health.headers["strict-transport-security"]).toBe("max-age=31536000");

    const plain = (path: string) => plainHttp(nginx.httpPort, path, "localhost");
    expect(await plain("/orders/?day=2026-11-20")).toMatchObject({
      status: 301,
      location: "https://localhost/orders/?day=2026-11-20",
    });
    mkdirSync(join(nginx.webroot, ".well-known/acme-challenge"), { recursive: true });
    writeFileSync(join(nginx.webroot, ".well-known/acme-challenge/token-1"), "token-1.key");
    expect(await plain("/.well-known/acme-challenge/token-1")).toMatchObject({
      status: 200,
      body: "token-1.key",
    });
  });

  it("agrees only forward-secret AEAD suites on TLS 1.2: CBC-SHA1, RSA key exchange and TLS 1.1 are refused", () => {
    const port = nginx.httpsPort;
    const site = ["-servername", "localhost"];
    // A suite of Mozilla's «intermediate» list, over the test's RSA certificate: the checks below are refusals
    // of the suites, not of every handshake.
    expect(tlsHandshake(port, [...site, "-tls1_2", "-cipher", "ECDHE-RSA-AES128-GCM-SHA256"]).agreed).toBe(
      "ECDHE-RSA-AES128-GCM-SHA256",
    );
    expect(tlsHandshake(port, [...site, "-tls1_3"]).agreed).toMatch(/^TLS_/);
    for (const cipher of ["AES128-SHA", "AES256-SHA", "ECDHE-RSA-AES128-SHA", "AES128-GCM-SHA256"]) {
      const refused = tlsHandshake(port, [...site, "-tls1_2", "-cipher", cipher]);
      expect({ cipher, agreed: refused.agreed }, refused.output).toEqual({ cipher, agreed: undefined });
      expect(refused.output, cipher).toMatch(/handshake failure/);
    }
    // Debian's nginx.conf offers TLS 1.0 and 1.1 (the test's copy of it too); the site takes them away.
    const old = tlsHandshake(port, [...site, "-tls1_1", "-cipher", "DEFAULT@SECLEVEL=0"]);
    expect(old.agreed, old.output).toBeUndefined();
  });

  it("answers nothing to a Host it does not serve, redirects only to its own name, and names no nginx version", async () => {
    // TLS naming another host, or none: the handshake is refused before any certificate is shown.
    for (const name of [["-servername", "evil.example"], ["-noservername"]]) {
      const refused = tlsHandshake(nginx.httpsPort, name);
      expect(refused.agreed, refused.output).toBeUndefined();
      expect(refused.output).toMatch(/unrecognized name/);
      expect(refused.output).not.toMatch(/BEGIN CERTIFICATE|Peer certificate/);
    }
    // Plain HTTP to another name, or to the bare address: closed unanswered, never a redirect to that name.
    for (const host of ["evil.example", "127.0.0.1", `127.0.0.1:${nginx.httpPort}`]) {
      expect(await plainHttp(nginx.httpPort, "/x", host), host).toBeNull();
    }
    const redirect = await plainHttp(nginx.httpPort, "/x", "localhost");
    expect(redirect).toMatchObject({ status: 301, location: "https://localhost/x", server: "nginx" });
    // TLS for the site, then a request naming another host: no answer either, the stream is reset (444).
    const forged = await request("GET", "/api/health", { headers: { ":authority": "evil.example" } }).then(
      (answer) => `answered ${answer.status}`,
      (error: Error) => error.message,
    );
    expect(forged).toMatch(/^Stream closed with error code/);
    const health = await request("GET", "/api/health");
    expect(health.status).toBe(200);
    expect(health.headers.server).toBe("nginx");
  });

  it("signs in; the activity log records the client's address, whatever X-Forwarded-For it forges", async () => {
    await signIn();
    await signIn({ "x-forwarded-for": "203.0.113.9" });
    // nginx appends the address it saw to what the client sent; the app believes that last one only.
    expect(forwardedForSignIns).toEqual([CLIENT_ADDRESS, `203.0.113.9, ${CLIENT_ADDRESS}`]);
    await app.activityLog.flush();
    const rows = await database.db
      .select({ ip: logEntries.ip, statusCode: logEntries.statusCode })
      .from(logEntries)
      .where(eq(logEntries.path, "/api/token/"));
    expect(rows).toEqual([
      { ip: CLIENT_ADDRESS, statusCode: 200 },
      { ip: CLIENT_ADDRESS, statusCode: 200 },
    ]);
  });

  it("imports a 5 MB offers file; a file of the app's limit reaches the app, a larger body is refused in Russian", async () => {
    const authorization = `Bearer ${await signIn()}`;
    const upload = (data: Buffer) => {
      const { payload, headers } = offersUpload(data);
      return request("POST", OFFERS_PATH, { headers: { ...headers, authorization }, body: payload });
    };

    const offers = await fiveMegabyteOffersFile();
    expect(offers.length).toBeGreaterThan(5 * MB);
    const imported = await upload(offers);
    expect({ status: imported.status, body: json(imported) }).toEqual({
      status: 200,
      body: { rows: 2, created: 2, updated: 0, unchanged: 0, clients_to_tell: 0 },
    });

    // Exactly the app's limit goes through nginx and is read by the app (it is no workbook)…
    const zipLike = (size: number) =>
      Buffer.concat([Buffer.from([0x50, 0x4b, 3, 4]), Buffer.alloc(size - 4)]);
    const atLimit = await upload(zipLike(UPLOAD_LIMIT));
    expect(atLimit.status).toBe(400);
    expect(json(atLimit)).toMatchObject({ detail: "Файл не является книгой Excel (.xlsx)" });
    // …a byte more is refused by the app itself…
    const overByApp = await upload(zipLike(UPLOAD_LIMIT + 1));
    expect({ status: overByApp.status, body: json(overByApp) }).toEqual({
      status: 413,
      body: { detail: "Файл слишком большой", code: "payload_too_large" },
    });
    expect(offersUploadsArrived).toBe(3);
    // …and a body beyond nginx's own limit never reaches the app, answered in the same error model.
    const overByNginx = await upload(zipLike(12 * MB));
    expect({ status: overByNginx.status, body: json(overByNginx) }).toEqual({
      status: 413,
      body: { detail: "Файл слишком большой", code: "payload_too_large" },
    });
    expect(offersUploadsArrived).toBe(3);
  });

  it("hands a webhook update with its secret to the bot; a wrong secret gets the app's 401", async () => {
    const update = JSON.stringify({
      update_id: 900_001,
      message: {
        message_id: 1,
        date: 0,
        chat: { id: 900_101, type: "private" },
        from: { id: 900_101, is_bot: false, first_name: "Иван" },
        text: "/start",
      },
    });
    const post = (secret: string) =>
      request("POST", "/api/bot/webhook/", {
        headers: { "content-type": "application/json", "x-telegram-bot-api-secret-token": secret },
        body: update,
      });

    const refused = await post(`${secretToken}x`);
    expect({ status: refused.status, body: json(refused) }).toEqual({
      status: 401,
      body: { detail: "Неверный секретный токен вебхука", code: "authentication_failed" },
    });
    expect(fake.callsTo("sendMessage")).toEqual([]);

    const accepted = await post(secretToken);
    expect(accepted.status).toBe(200);
    expect(fake.callsTo("sendMessage").map((call) => call.payload.chat_id)).toEqual([900_101]);
  });

  it("leaves the app's framing headers as they are: /app/ framable by Telegram's web clients only, the rest by nobody", async () => {
    const direct = async (path: string) => (await fetch(`http://127.0.0.1:${appPort}${path}`)).headers;

    const miniApp = await request("GET", "/app/");
    expect(miniApp.status).toBe(200);
    expect(miniApp.body.toString()).toContain("<title>Каталог</title>");
    const miniAppDirect = await direct("/app/");
    expect(miniApp.headers["content-security-policy"]).toBe(miniAppDirect.get("content-security-policy"));
    expect(miniApp.headers["content-security-policy"]).toContain(
      "frame-ancestors https://web.telegram.org https://*.web.telegram.org",
    );
    expect(miniApp.headers["x-frame-options"]).toBeUndefined();

    const backOffice = await request("GET", "/");
    expect(backOffice.status).toBe(200);
    expect(backOffice.headers["content-security-policy"]).toBe(
      (await direct("/")).get("content-security-policy"),
    );
    expect(backOffice.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(backOffice.headers["x-frame-options"]).toBe("DENY");
  });

  it("passes the live stream on over HTTP/2 as each change happens, not when the stream ends", async () => {
    const access = await signIn();
    const stream = session.request({
      ":method": "GET",
      ":path": "/api/live/",
      authorization: `Bearer ${access}`,
    });
    let received = "";
    stream.setEncoding("utf8");
    stream.on("data", (chunk: string) => {
      received += chunk;
    });
    const headers = await new Promise<Record<string, unknown>>((resolve) => stream.once("response", resolve));
    expect(headers[":status"]).toBe(200);
    expect(headers["content-type"]).toBe("text/event-stream; charset=utf-8");
    const client = await seedClient(database.db);
    const claim = await seedClaim(database.db, { clientId: client.id, text: "Через nginx" });
    await waitUntil("the claim's event through nginx, the stream still open", () =>
      received.includes(`"kind":"claims","ids":[${claim.id}]`),
    );
    expect(stream.closed).toBe(false);
    stream.close();
  });

  // Last: it stops the app, as the unit's SIGTERM does (server/src/main.ts closes the app after the jobs and
  // the bot).
  it("answers a request in flight while the app stops, then 502 in the error model until it is back", async () => {
    const release = fake.hang("sendMessage");
    const inFlight = request("POST", "/api/bot/webhook/", {
      headers: { "content-type": "application/json", "x-telegram-bot-api-secret-token": secretToken },
      body: JSON.stringify({
        update_id: 900_002,
        message: {
          message_id: 1,
          date: 0,
          chat: { id: 900_102, type: "private" },
          from: { id: 900_102, is_bot: false, first_name: "Пётр" },
          text: "/start",
        },
      }),
    });
    await waitUntil("the bot to answer the update in flight (its sendMessage held by the fake)", () =>
      fake.callsTo("sendMessage").some((call) => call.payload.chat_id === 900_102),
    );
    // nginx keeps no connection to the app: the stop ends with the last answer, not with nginx's idle timeout.
    expect([...connectionHeaders]).toEqual(["close"]);
    const closing = app.close();
    appRunning = false;
    await waitUntil("the app to stop taking connections", () => refusesConnections(appPort));
    release();
    expect((await inFlight).status).toBe(200);
    await closing;

    const down = await request("GET", "/api/health");
    expect({ status: down.status, body: json(down) }).toEqual({
      status: 502,
      body: { detail: "Сервер временно недоступен. Повторите попытку через минуту.", code: "unavailable" },
    });
  });
});

const SYSTEMD_ANALYZE = "/usr/bin/systemd-analyze";

describe("deploy/wholesale.service", () => {
  const unit = readFileSync(join(DEPLOY, "wholesale.service"), "utf8");

  it("restarts the server on failure, stops it with SIGTERM (its drain) and reads the environment file", () => {
    const settings = unit.split("\n").filter((line) => /^[A-Za-z]+=/.test(line));
    expect(settings).toEqual(
      expect.arrayContaining([
        "EnvironmentFile=/etc/wholesale/wholesale.env",
        "KillSignal=SIGTERM",
        "KillMode=mixed",
        "Restart=on-failure",
        "StateDirectory=wholesale",
      ]),
    );
    // The built server run directly: npm start would rebuild at start and does not pass SIGTERM on.
    expect(settings.find((line) => line.startsWith("ExecStart="))).toMatch(/ server\/dist\/main\.js$/);
  });

  it.skipIf(!existsSync(SYSTEMD_ANALYZE))(
    "is sandboxed: systemd-analyze security rates its exposure 4.0 or less, and it may write its backups",
    () => {
      const analysis = spawnSync(
        SYSTEMD_ANALYZE,
        ["security", "--offline=true", "--no-pager", join(DEPLOY, "wholesale.service")],
        { encoding: "utf8" },
      );
      const output = `${analysis.stdout}${analysis.stderr}`;
      const exposure = /Overall exposure level for wholesale\.service: (\d+\.\d+)/.exec(output)?.[1];
      expect(exposure, output).toBeDefined();
      expect(Number(exposure), output).toBeLessThanOrEqual(4);
      const settings = unit.split("\n").filter((line) => /^[A-Za-z]+=/.test(line));
      expect(settings).toEqual(
        expect.arrayContaining([
          "ReadWritePaths=-/var/backups/wholesale",
          "SystemCallFilter=@system-service",
          "SystemCallErrorNumber=EPERM",
        ]),
      );
      // Node's JIT writes the code it then runs.
      expect(settings.filter((line) => line.startsWith("MemoryDenyWriteExecute="))).toEqual([]);
    },
  );

  it.skipIf(!existsSync(SYSTEMD_ANALYZE))("is read by systemd without a complaint", () => {
    const dir = mkdtempSync(join(tmpdir(), "wholesale-unit-"));
    try {
      // The unit names Node where the README installs it; verify wants an executable there.
      writeFileSync(
        join(dir, "wholesale.service"),
        unit.replace("ExecStart=/usr/local/bin/node ", `ExecStart=${process.execPath} `),
      );
      const verify = spawnSync(SYSTEMD_ANALYZE, ["verify", "--man=no", join(dir, "wholesale.service")], {
        encoding: "utf8",
      });
      expect({ status: verify.status, output: `${verify.stdout}${verify.stderr}` }).toEqual({
        status: 0,
        output: "",
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
