import { sign } from "@telegram-apps/init-data-node";

/**
 * Mini App launch data (`tgWebAppData`) as Telegram signs it for `telegramId`, with the library's own signer,
 * so tests, the browser test and the bench open the Mini App exactly as a Telegram client would.
 */
export function launchData(
  telegramId: number,
  { botToken, authDate, user = true }: { botToken: string; authDate: Date; user?: boolean },
): string {
  return sign(
    {
      query_id: `AAH${telegramId}`,
      ...(user
        ? { user: { id: telegramId, first_name: "Тест", username: `user${telegramId}`, language_code: "ru" } }
        : {}),
    },
    botToken,
    authDate,
  );
}
