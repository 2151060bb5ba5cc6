import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { telegramRefusal } from "../lib/telegram-limits.ts";

/** One request the fake received; `payload` has JSON and multipart bodies alike as plain values. */
export type FakeBotCall = { method: string; payload: Record<string, unknown>; at: number };

/** An uploaded file as it appears in a recorded payload. */
export type FakeUpload = { upload: true; name: string; size: number };

export type FakeFailure = {
  status: number;
  description: string;
  /** Sent as `parameters.retry_after` (with a 429). */
  retryAfter?: number;
  /** Fail only a call to this chat (the next call to it); any chat when absent. */
  chatId?: number;
};

export type FakeBotApi = {
  /** What to give as TELEGRAM_API_ROOT. */
  apiRoot: string;
  token: string;
  calls: FakeBotCall[];
  callsTo: (method: string) => FakeBotCall[];
  /** The next matching call to `method` answers this error instead of a result. Queued in order. */
  failNext: (method: string, failure: FakeFailure) => void;
  /**
   * Every call to `method` (to `chatId` only, when given) from now on hangs (is not answered) until the
   * returned function is called.
   */
  hang: (method: string, chatId?: number) => () => void;
  /**
   * Every `every`-th call to `method` from now on blocks this process's event loop for `ms` once it has
   * arrived, before it is answered: the process starved right after a call left, as on a CPU hog. Returns
   * the function that ends it.
   */
  stall: (method: string, ms: number, every: number) => () => void;
  /** Updates queued and not yet confirmed (a getUpdates asking past them confirms them, as Telegram does). */
  unconfirmed: () => number;
  /** Queues an update for getUpdates; an `update_id` is assigned when missing. Returns the update. */
  pushUpdate: (update: Record<string, unknown>) => Record<string, unknown>;
  close: () => Promise<void>;
};

type Update = Record<string, unknown> & { update_id: number };

const BOT_USER = { id: 7000001, is_bot: true, first_name: "Тестовый бот", username: "test_wholesale_bot" };

/**
 * A Bot API server on loopback for tests and benchmarks: `/bot<token>/<method>` with JSON or multipart
 * bodies, answers shaped like Telegram's, a record of every call with its time, scripted failures and
 * hangs, and a getUpdates long poll over pushed updates. A call over Telegram's limits (a text, a caption, an
 * inline keyboard's buttons, a button's callback data) is refused as Telegram refuses it, with a 400 and
 * its description (`lib/telegram-limits.ts`); it is recorded like any call. Nothing here talks to the real
 * Telegram.
 */
export async function startFakeBotApi(options: { token?: string } = {}): Promise<FakeBotApi> {
  const token = options.token ?? `${BOT_USER.id}:${randomBytes(12).toString("hex")}`;
  const calls: FakeBotCall[] = [];
  const failures = new Map<string, FakeFailure[]>();
  type Hang = { method: string; chatId: number | undefined; waiters: Set<() => void> };
  const hangs = new Set<Hang>();
  type Stall = { method: string; ms: number; every: number; seen: number };
  const stalls = new Set<Stall>();
  const updates: Update[] = [];
  const pollers = new Set<() => void>();
  const sockets = new Set<Socket>();
  let nextUpdateId = 1;
  let nextMessageId = 1;
  let nextFileId = 1;

  const message = (payload: Record<string, unknown>, extra: Record<string, unknown>) => ({
    message_id: nextMessageId++,
    from: BOT_USER,
    chat: { id: Number(payload.chat_id), type: "private" },
    date: Math.floor(Date.now() / 1000),
    ...(payload.reply_markup ? { reply_markup: payload.reply_markup } : {}),
    ...extra,
  });

  function takeFailure(method: string, payload: Record<string, unknown>): FakeFailure | undefined {
    const queue = failures.get(method);
    if (!queue) return undefined;
    const index = queue.findIndex((f) => f.chatId === undefined || f.chatId === Number(payload.chat_id));
    if (index < 0) return undefined;
    const [failure] = queue.splice(index, 1);
    return failure;
  }

  async function getUpdates(payload: Record<string, unknown>): Promise<Update[]> {
    const offset = Number(payload.offset ?? 0);
    const limit = Math.min(Math.max(Number(payload.limit ?? 100), 1), 100);
    const timeout = Number(payload.timeout ?? 0);
    // Calling with an offset confirms every update before it, as Telegram does.
    if (offset > 0) {
      while (updates.length > 0 && (updates[0]?.update_id ?? 0) < offset) updates.shift();
    }
    const ready = () => updates.filter((u) => u.update_id >= offset).slice(0, limit);
    if (ready().length > 0 || timeout <= 0) return ready();
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        pollers.delete(done);
        resolve();
      };
      const timer = setTimeout(done, timeout * 1000);
      pollers.add(done);
    });
    return ready();
  }

  async function answer(method: string, payload: Record<string, unknown>): Promise<unknown> {
    switch (method) {
      case "getMe":
        return {
          ...BOT_USER,
          can_join_groups: true,
          can_read_all_group_messages: false,
          supports_inline_queries: false,
        };
      case "sendMessage":
        return message(payload, { text: payload.text });
      case "sendPhoto": {
        const photo = payload.photo;
        const fileId = typeof photo === "string" ? photo : `fake-photo-${nextFileId++}`;
        return message(payload, {
          photo: [
            { file_id: fileId, file_unique_id: `u-${fileId}`, width: 800, height: 600, file_size: 1000 },
          ],
          ...(payload.caption ? { caption: payload.caption } : {}),
        });
      }
      case "editMessageText":
        return payload.inline_message_id
          ? true
          : { ...message(payload, { text: payload.text }), message_id: Number(payload.message_id) };
      case "editMessageReplyMarkup":
        return payload.inline_message_id
          ? true
          : { ...message(payload, {}), message_id: Number(payload.message_id) };
      case "getUpdates":
        return getUpdates(payload);
      default:
        // answerCallbackQuery, setMyCommands, deleteWebhook, setWebhook, deleteMessage…
        return true;
    }
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = (req.url ?? "").split("?")[0] ?? "";
    const match = /^\/bot([^/]+)\/([A-Za-z]+)$/.exec(path);
    const send = (status: number, body: unknown) => {
      if (res.destroyed) return;
      res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
    };
    const method = /\/([A-Za-z]+)$/.exec(path)?.[1] ?? "";
    const at = Date.now();
    const payload = await readPayload(req);
    const authorised = match !== null && match[1] === token;
    if (authorised) calls.push({ method, payload, at });
    // A hang holds refusals too (a wrong token or root), so a test can see every call of a try leave first.
    const hang = [...hangs].find(
      (h) => h.method === method && (h.chatId === undefined || h.chatId === Number(payload.chat_id)),
    );
    if (hang) {
      await new Promise<void>((resolve) => hang.waiters.add(resolve));
      if (res.destroyed) return;
    }
    // As Telegram: a path that is no method is 404, a wrong token 401.
    if (!match) {
      send(404, { ok: false, error_code: 404, description: "Not Found" });
      return;
    }
    if (match[1] !== token) {
      send(401, { ok: false, error_code: 401, description: "Unauthorized" });
      return;
    }
    for (const stall of stalls) {
      if (stall.method === method && ++stall.seen % stall.every === 0) blockEventLoop(stall.ms);
    }
    const failure = takeFailure(method, payload);
    if (failure) {
      send(failure.status, {
        ok: false,
        error_code: failure.status,
        description: failure.description,
        ...(failure.retryAfter !== undefined ? { parameters: { retry_after: failure.retryAfter } } : {}),
      });
      return;
    }
    const refusal = telegramRefusal(method, payload);
    if (refusal) {
      send(400, { ok: false, error_code: 400, description: refusal });
      return;
    }
    send(200, { ok: true, result: await answer(method, payload) });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent)
        res.writeHead(500).end(JSON.stringify({ ok: false, error_code: 500, description: String(error) }));
    });
  });
  // Telegram keeps an idle connection open far longer than Node's 5 s default. With the default, a process
  // starved for more than 5 s sent its next call on a connection this server had just closed: ECONNRESET, and
  // a bot's answer lost in a test (grammY's client keeps connections alive).
  server.keepAliveTimeout = 600_000;
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    apiRoot: `http://127.0.0.1:${port}`,
    token,
    calls,
    callsTo: (method) => calls.filter((c) => c.method === method),
    failNext(method, failure) {
      const queue = failures.get(method) ?? [];
      queue.push(failure);
      failures.set(method, queue);
    },
    hang(method, chatId) {
      const hang: Hang = { method, chatId, waiters: new Set() };
      hangs.add(hang);
      return () => {
        hangs.delete(hang);
        for (const resume of hang.waiters) resume();
      };
    },
    stall(method, ms, every) {
      const stall: Stall = { method, ms, every, seen: 0 };
      stalls.add(stall);
      return () => stalls.delete(stall);
    },
    unconfirmed: () => updates.length,
    pushUpdate(update) {
      const id = typeof update.update_id === "number" ? update.update_id : nextUpdateId;
      nextUpdateId = Math.max(nextUpdateId, id + 1);
      const stored: Update = { ...update, update_id: id };
      updates.push(stored);
      for (const wake of [...pollers]) wake();
      return stored;
    },
    async close() {
      for (const wake of [...pollers]) wake();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function blockEventLoop(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // Busy: no timer fires and no socket is read meanwhile.
  }
}

/** JSON, urlencoded or multipart bodies as one flat object; JSON-looking fields are parsed like Telegram does. */
async function readPayload(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks);
  const type = req.headers["content-type"] ?? "";
  if (body.length === 0) return {};
  if (type.includes("application/json")) return JSON.parse(body.toString("utf8")) as Record<string, unknown>;
  const fields: Record<string, unknown> = {};
  const files = new Map<string, FakeUpload>();
  for (const part of multipartParts(body, type)) {
    if (part.filename === undefined) fields[part.name] = parseField(part.data.toString("utf8"));
    else files.set(part.name, { upload: true, name: part.filename, size: part.data.length });
  }
  // grammY sends files as separate parts referenced by `attach://<part>` strings.
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === "string" && value.startsWith("attach://")) {
      fields[name] = files.get(value.slice("attach://".length)) ?? value;
    }
  }
  return fields;
}

function parseField(value: string): unknown {
  if (/^-?\d+$/.test(value)) return Number(value);
  if (value.startsWith("{") || value.startsWith("[") || value === "true" || value === "false") {
    try {
      return JSON.parse(value);
    } catch {
      return value;
    }
  }
  return value;
}

type Part = { name: string; filename: string | undefined; data: Buffer };

/**
 * A small multipart/form-data reader: grammY writes headers without spaces and unquoted filenames,
 * which stricter parsers (undici's FormData) refuse, as Telegram does not.
 */
function multipartParts(body: Buffer, contentType: string): Part[] {
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (!boundary) return [];
  const delimiter = Buffer.from(`--${boundary}`);
  const parts: Part[] = [];
  let start = body.indexOf(delimiter);
  while (start >= 0) {
    const from = start + delimiter.length;
    const end = body.indexOf(delimiter, from);
    if (end < 0) break;
    // Each part sits between "\r\n" after the delimiter and "\r\n" before the next one.
    const chunk = body.subarray(from + 2, end - 2);
    const split = chunk.indexOf("\r\n\r\n");
    if (split >= 0) {
      const headers = chunk.subarray(0, split).toString("utf8");
      const name = /name="([^"]*)"/i.exec(headers)?.[1];
      const filename = /filename="?([^";\r\n]*)"?/i.exec(headers)?.[1];
      if (name !== undefined) parts.push({ name, filename, data: chunk.subarray(split + 4) });
    }
    start = end;
  }
  return parts;
}
