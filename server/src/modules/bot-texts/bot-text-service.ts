import type { TBotText, TBotTextWrite } from "@wholesale/contract";
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

const HISTORY = 20;

export type BotTextService = ReturnType<typeof createBotTextService>;

/**
 * The six texts staff edit on /settings: every save is a new version, the latest is sent (`latest`, what the
 * bot asks on the update's own database).
 */
export function createBotTextService({ db }: { db: Db | Tx }) {
  async function get(kind: BotTextKind): Promise<TBotText> {
    const versions = await botTextVersions(db, kind, HISTORY);
    const [latest] = versions;
    return {
      text: latest?.text ?? DEFAULT_BOT_TEXTS[kind],
      is_default: latest === undefined,
      created_at: latest ? latest.createdAt.toISOString() : null,
      history: versions.map((v) => ({ id: v.id, text: v.text, created_at: v.createdAt.toISOString() })),
    };
  }
  return {
    get,
    latest: (kind: BotTextKind) => latestBotText(db, kind),
    async save(kind: BotTextKind, body: TBotTextWrite, accountId: number | undefined): Promise<TBotText> {
      const text = typeof body === "string" ? body : body.text;
      await db.insert(botTexts).values({ kind, text, createdBy: accountId ?? null });
      return get(kind);
    },
  };
}
