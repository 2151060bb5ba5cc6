import type { PositionStatus } from "../../db/schema/index.ts";
import type { Check } from "./limits.ts";
import type { Refusal } from "./types.ts";

export const STATUS_LABELS: Record<PositionStatus, string> = {
  added: "Добавлен",
  sent_to_collect: "Отправлен на сборку",
  collected: "Собран",
};

export const TEXT = {
  marketClosed: "Маркет сейчас закрыт: заказы не принимаются.",
  notFound: "Товар не найден.",
  positionNotFound: "Позиция не найдена.",
  badQuantity: "Укажите количество целым числом от 1 до 100000.",
  notSold: "Этот товар сейчас не продаётся.",
  notChangeable: "Позиция уже отправлена на сборку: изменить её нельзя.",
} as const;

// One formatter for every call: toLocaleString builds a new one each time, which the bot's rush felt.
const rubles = new Intl.NumberFormat("ru-RU", { maximumFractionDigits: 2 });
const money = (n: number) => rubles.format(n).replace(/\u00a0/g, " ");

/**
 * What is still possible: for a new position the units that may be added («можно ещё 4 шт.»), for a
 * change the largest quantity the position may have.
 */
function stillPossible(n: number, mode: "add" | "change"): string {
  if (n <= 0) return "больше заказать нельзя.";
  return mode === "add" ? `можно ещё ${n} шт.` : `можно не больше ${n} шт.`;
}

export function limitRefusal(
  check: Extract<Check, { ok: false }>,
  canStill: number,
  mode: "add" | "change",
  context: { currencySign: string; minimum: number | null },
): Refusal {
  const tail = stillPossible(canStill, mode);
  const reasons: Record<typeof check.code, () => string> = {
    out_of_stock: () => (canStill > 0 || mode === "change" ? "Столько нет на складе" : "Товар закончился"),
    hand_limit: () => `В одни руки не больше ${check.limit} шт. в день`,
    exclusive_limit: () => "Лимит эксклюзивного товара",
    total_limit: () => `Лимит суммы заказа за день — ${money(check.limit)} ${context.currencySign}`,
    bad_quantity: () => `Этот товар продаётся от ${context.minimum ?? 1} шт.`,
    not_sold: () => TEXT.notSold,
  };
  const reason = reasons[check.code]();
  return { ok: false, code: check.code, message: `${reason}: ${tail}`, canStill: Math.max(0, canStill) };
}

export const formatMoney = money;
