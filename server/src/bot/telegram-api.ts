import { Api } from "grammy";
import { awakeTimeout } from "../lib/awake-timeout.ts";

export type TelegramSettings = { token: string | undefined; apiRoot: string | undefined };

/** The signal grammY's calls take: typed as the abort-controller package's, Node's own at run time. */
type ApiSignal = NonNullable<Parameters<Parameters<Api["config"]["use"]>[0]>[3]>;

/**
 * The one place a grammY `Api` is made: from TELEGRAM_BOT_TOKEN and TELEGRAM_API_ROOT (a fake Bot API
 * on loopback in tests). Without a token there is no Api and nothing is sent.
 *
 * A hung request must not hold a claimed row (and the worker) for grammY's default of 500 s, so a call is
 * abandoned after `timeoutSeconds`, counted in time this process could listen (`awakeTimeout`): grammY's own
 * timer counts the wall clock, and after a stall it gave up on answers that had already arrived, so the
 * worker sent again what Telegram had delivered. grammY's timer stays, ten times longer, for a loop that never
 * wakes.
 */
export function createTelegramApi(
  settings: TelegramSettings,
  options: { timeoutSeconds?: number } = {},
): Api | null {
  if (!settings.token) return null;
  const timeoutSeconds = options.timeoutSeconds ?? 30;
  const api = new Api(settings.token, {
    ...(settings.apiRoot ? { apiRoot: settings.apiRoot.replace(/\/+$/, "") } : {}),
    timeoutSeconds: timeoutSeconds * 10,
  });
  api.config.use(async (prev, method, payload, signal) => {
    const controller = new AbortController();
    const abort = () => controller.abort();
    if (signal?.aborted) abort();
    signal?.addEventListener("abort", abort);
    const cancel = awakeTimeout(timeoutSeconds * 1000, abort);
    try {
      // The two signal types differ only in their event typings; grammY listens for "abort" on either.
      return await prev(method, payload, controller.signal as unknown as ApiSignal);
    } finally {
      cancel();
      signal?.removeEventListener("abort", abort);
    }
  });
  return api;
}
