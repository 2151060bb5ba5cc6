import { Api } from "grammy";

export type TelegramSettings = { token: string | undefined; apiRoot: string | undefined };

/**
 * The one place a grammY `Api` is made: from TELEGRAM_BOT_TOKEN and TELEGRAM_API_ROOT (a fake Bot API
 * on loopback in tests). Without a token there is no Api and nothing is sent.
 */
export function createTelegramApi(
  settings: TelegramSettings,
  options: { timeoutSeconds?: number } = {},
): Api | null {
  if (!settings.token) return null;
  return new Api(settings.token, {
    ...(settings.apiRoot ? { apiRoot: settings.apiRoot.replace(/\/+$/, "") } : {}),
    // A hung request must not hold a claimed row (and the worker) for grammY's default of 500 s.
    timeoutSeconds: options.timeoutSeconds ?? 30,
  });
}
