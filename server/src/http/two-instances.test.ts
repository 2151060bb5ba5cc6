import { randomBytes } from "node:crypto";
import type { ClientHttp2Session } from "node:http2";
import type { TClientMessage, TMiniAppCatalogue, TMiniAppSession } from "@wholesale/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toKopecks } from "../modules/ordering/index.ts";
import { openTestDatabase, type TestDatabase } from "../test/database.ts";
import { type FakeBotApi, startFakeBotApi } from "../test/fake-bot-api.ts";
import { connectH2, h2Request, json } from "../test/h2-client.ts";
import { type Instance, startInstance } from "../test/instance-process.ts";
import { launchData } from "../test/launch-data.ts";
import { type LiveStreamReader, openLiveStreamH2 } from "../test/live-stream.ts";
import { demoClientOnOpenMarket } from "../test/miniapp-launch.ts";
import { nginxInstalled, type RunningNginx, startNginx } from "../test/nginx.ts";
import { waitUntil } from "../test/wait.ts";

const skipped =
  process.env.TEST_DB !== "postgres"
    ? "several instances share PostgreSQL only"
    : nginxInstalled()
      ? undefined
      : "nginx is not installed (apt-get install -y nginx)";

const ADMIN_PASSWORD = "Kl0pik-na-sklade-dva";
const WEBHOOK_SECRET = "two-instances-webhook-secret";

/**
 * The README's «any number of instances behind a load balancer», shown: two servers as `npm start` runs them
 * (server/src/main.ts, each with its jobs, delivery worker and webhook bot) on one PostgreSQL database, behind
 * deploy/'s nginx site with both in its upstream, reached over HTTP/2 as a browser reaches them.
 */
describe.skipIf(skipped !== undefined)("two instances on one PostgreSQL behind nginx", () => {
  let database: TestDatabase;
  let fake: FakeBotApi;
  let a: Instance;
  let b: Instance;
  let nginx: RunningNginx;
  let session: ClientHttp2Session;
  let authorization: string;
  const streams: LiveStreamReader[] = [];

  async function staff<T>(method: string, path: string, body?: unknown): Promise<T> {
    const answer = await h2Request(session, method, `/api${path}`, {
      headers: { authorization, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (answer.status >= 300)
      throw new Error(`${method} ${path}: ${answer.status} ${answer.body.toString()}`);
    return (answer.body.length ? json(answer) : undefined) as T;
  }

  async function stream(lastEventId?: string): Promise<LiveStreamReader> {
    const reader = await openLiveStreamH2(session, authorization, lastEventId);
    expect(reader.status).toBe(200);
    streams.push(reader);
    return reader;
  }

  /** A call to one instance directly, as the Mini App's page or Telegram reaches whichever the balancer chose. */
  async function direct(instance: Instance, method: string, path: string, body: unknown, headers = {}) {
    const answer = await fetch(`${instance.url}/api${path}`, {
      method,
      headers: { "content-type": "application/json", ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: answer.status, body: (await answer.json().catch(() => undefined)) as unknown };
  }

  let clientToken: string;
  let orderable: { id: number; price: number }[];

  beforeAll(async () => {
    database = await openTestDatabase();
    fake = await startFakeBotApi();
    const env = {
      DATABASE_URL: database.url ?? "",
      JWT_SECRET: randomBytes(32).toString("hex"),
      ADMIN_USERNAME: "admin",
      ADMIN_PASSWORD,
      SEED_DEMO: "1",
      TELEGRAM_BOT_TOKEN: fake.token,
      TELEGRAM_API_ROOT: fake.apiRoot,
      TELEGRAM_WEBHOOK_URL: "https://localhost/api/bot/webhook/",
      TELEGRAM_WEBHOOK_SECRET: WEBHOOK_SECRET,
      TELEGRAM_RATE_PER_SECOND: "200",
      TRUST_PROXY: "1",
    };
    // One after the other: the first seeds the demo into the empty database, the second finds it there.
    a = await startInstance(env);
    b = await startInstance(env);
    nginx = await startNginx([a.port, b.port]);
    session = await connectH2(nginx.httpsPort, nginx.certificate, "127.0.0.1");
    const signIn = await h2Request(session, "POST", "/api/token/", {
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: "admin", password: ADMIN_PASSWORD }),
    });
    expect(signIn.status).toBe(200);
    authorization = `Bearer ${(json(signIn) as { access: string }).access}`;

    const { client } = await demoClientOnOpenMarket(staff, "Два экземпляра");
    const opened = await direct(a, "POST", "/app/session/", {
      init_data: launchData(client.telegram_id ?? 0, { botToken: fake.token, authDate: new Date() }),
    });
    const body = opened.body as TMiniAppSession;
    if (body.status !== "client") throw new Error(`no Mini App session: ${JSON.stringify(body)}`);
    clientToken = body.token;
    const list = await direct(a, "GET", "/app/catalogue/?page=1", undefined, {
      authorization: `Bearer ${clientToken}`,
    });
    orderable = (list.body as TMiniAppCatalogue).items.flatMap((i) =>
      i.stock === "in_stock" && i.from_quantity === 1 && i.price !== null
        ? [{ id: i.id, price: i.price }]
        : [],
    );
    expect(orderable.length).toBeGreaterThan(3);
  }, 240_000);

  afterAll(async () => {
    for (const reader of streams) reader.close();
    session?.close();
    await nginx?.stop();
    await a?.stop();
    await b?.stop();
    await fake?.close();
    await database?.close();
  });

  const add = (instance: Instance, item: { id: number; price: number }) =>
    direct(
      instance,
      "POST",
      "/app/positions/",
      { modification: item.id, quantity: 1, price_kopecks: toKopecks(item.price) },
      { authorization: `Bearer ${clientToken}` },
    );

  it("a screen through nginx hears an order placed on either instance, whichever it is connected to", async () => {
    // nginx gives consecutive requests to each instance in turn: one stream on each.
    const first = await stream();
    const second = await stream();
    const [itemA, itemB] = orderable;
    if (!itemA || !itemB) throw new Error("two orderable items");

    expect((await add(a, itemA)).status).toBe(201);
    const placed = (e: { kind: string; new?: number[] }) => e.kind === "orders" && (e.new?.length ?? 0) > 0;
    const [heardFirst, heardSecond] = await Promise.all([
      first.next("the order placed on one instance, on the first stream", placed),
      second.next("the order placed on one instance, on the second stream", placed),
    ]);
    const orderId = heardFirst.new?.[0] ?? 0;
    expect(heardSecond.new).toEqual([orderId]);

    expect((await add(b, itemB)).status).toBe(201);
    const changedTwice = (reader: LiveStreamReader) => () =>
      reader.heard.filter((e) => e.kind === "orders" && e.ids?.includes(orderId)).length >= 2;
    await waitUntil(
      "the order changed on the other instance, on both streams",
      () => changedTwice(first)() && changedTwice(second)(),
    );
  });

  // Telegram delivers an update again only once a delivery failed or timed out: the redelivery may reach the
  // other instance, which must not carry it out again.
  it("handles an update delivered again to the other instance once", async () => {
    const chatId = 881_001;
    const update = {
      update_id: 991_001,
      message: {
        message_id: 1,
        date: Math.floor(Date.now() / 1000),
        chat: { id: chatId, type: "private" },
        from: { id: chatId, is_bot: false, first_name: "Олег" },
        text: "/start",
      },
    };
    const headers = { "x-telegram-bot-api-secret-token": WEBHOOK_SECRET };
    expect((await direct(a, "POST", "/bot/webhook/", update, headers)).status).toBe(200);
    expect((await direct(b, "POST", "/bot/webhook/", update, headers)).status).toBe(200);
    await waitUntil("the bot's answer to /start", () =>
      fake.callsTo("sendMessage").some((call) => call.payload.chat_id === chatId),
    );
    expect(fake.callsTo("sendMessage").filter((call) => call.payload.chat_id === chatId)).toHaveLength(1);
  });

  it("delivers a message sent from one instance once to each client, with both delivery workers running", async () => {
    const form = new FormData();
    form.set("text", "Одна рассылка на два сервера");
    form.set("client_type", "1");
    const sent = await fetch(`${a.url}/api/messaging/to-clients/`, {
      method: "POST",
      headers: { authorization },
      body: form,
    });
    expect(sent.status).toBe(201);
    const message = (await sent.json()) as TClientMessage;
    expect(message.recipients).toBeGreaterThan(1);
    const ofMessage = () =>
      fake.callsTo("sendMessage").filter((call) => call.payload.text === "Одна рассылка на два сервера");
    await waitUntil(
      () => `${message.recipients} deliveries (${ofMessage().length} so far)`,
      async () => (await staff<TClientMessage>("GET", `/messaging/to-clients/${message.id}/`)).pending === 0,
    );
    const chats = ofMessage().map((call) => call.payload.chat_id);
    expect(new Set(chats).size).toBe(chats.length);
    expect(chats).toHaveLength(message.recipients);
  });

  // Last: it kills an instance.
  it("carries on when an instance is killed mid-rush: orders through nginx go on, its screens reconnect and catch up", async () => {
    const [onOne, onOther] = [await stream(), await stream()];
    let answered = 0;
    let failed = 0;
    let killed = false;
    let answeredAfterKill = 0;
    const statuses: number[] = [];
    const rush = (async () => {
      for (let i = 0; answeredAfterKill < 10; i++) {
        const item = orderable[i % orderable.length];
        if (!item) break;
        const answer = await h2Request(session, "POST", "/api/app/positions/", {
          headers: { "content-type": "application/json", authorization: `Bearer ${clientToken}` },
          body: JSON.stringify({ modification: item.id, quantity: 1, price_kopecks: toKopecks(item.price) }),
        });
        // 201 added, 409 refused by a rule (a tier's price moved, a limit), 429 the client's pace: each answered
        // by a living server.
        if (answer.status === 429) await new Promise((resolve) => setTimeout(resolve, 200));
        if (answer.status === 201 || answer.status === 409 || answer.status === 429) {
          answered++;
          if (killed) answeredAfterKill++;
        } else {
          failed++;
          statuses.push(answer.status);
        }
      }
    })();
    await waitUntil("a few adds before the kill", () => answered >= 5);
    await a.stop("SIGKILL");
    killed = true;
    await rush;
    // A request in flight on the killed instance may fail; every later one reaches the survivor.
    expect(failed, `failed with ${statuses.slice(0, 10).join(", ")}`).toBeLessThanOrEqual(1);
    expect(answeredAfterKill).toBe(10);

    const dropped = await Promise.race([onOne.ended.then(() => onOne), onOther.ended.then(() => onOther)]);
    const kept = dropped === onOne ? onOther : onOne;
    expect(kept.heard.some((e) => e.kind === "orders")).toBe(true);
    const lastSeen = dropped.heard.at(-1)?.id;
    const again = await stream(lastSeen);
    await again.next(
      "a catch-up on the surviving instance for the stream of the killed one",
      (e) => e.kind === "catch-up",
    );
  });
});
