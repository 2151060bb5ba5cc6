import { desc, eq } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { type BotTextKind, botTexts } from "../../db/schema/index.ts";

/** What the bot says when staff have not written a text of that kind yet. */
export const DEFAULT_BOT_TEXTS: Record<BotTextKind, string> = {
  start: "Здравствуйте! Это бот оптового склада. Нажмите /market, чтобы открыть маркет и сделать заказ.",
  entry: "Добро пожаловать в маркет! Выберите брэнд, затем товар и количество.",
  pre_start: "Через 5 минут открывается маркет. Приготовьте свои заказы!",
  end: "Маркет закрыт. Спасибо за ваши заказы!",
  conditions: "Условия работы уточняйте у вашего менеджера.",
  warranty: "Условия гарантии уточняйте у вашего менеджера.",
};

export type BotTextVersion = { id: number; text: string; createdAt: Date; createdBy: number | null };

/** The versions of a kind, newest first: the first one is what the bot sends. */
export async function botTextVersions(
  db: Db | Tx,
  kind: BotTextKind,
  limit: number,
): Promise<BotTextVersion[]> {
  return db
    .select({
      id: botTexts.id,
      text: botTexts.text,
      createdAt: botTexts.createdAt,
      createdBy: botTexts.createdBy,
    })
    .from(botTexts)
    .where(eq(botTexts.kind, kind))
    .orderBy(desc(botTexts.createdAt), desc(botTexts.id))
    .limit(limit);
}

/** The text the bot sends for a kind: the latest saved one, or the default. */
export async function latestBotText(db: Db | Tx, kind: BotTextKind): Promise<string> {
  const [latest] = await botTextVersions(db, kind, 1);
  return latest?.text ?? DEFAULT_BOT_TEXTS[kind];
}
