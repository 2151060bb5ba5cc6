import { STOCK_WAIT_DAYS } from "@wholesale/contract";

/** What a client is told of their waits, in the bot and the Mini App alike. */
export const WAIT_WORDS = {
  asked: `Сообщим, когда товар появится. Товар не резервируется; ожидание действует ${STOCK_WAIT_DAYS} дней.`,
  already: "Вы уже ждёте этот товар. Отменить ожидание можно в «Мои ожидания».",
  inStock: "Товар в наличии — его можно заказать.",
  notFound: "Ожидание не найдено.",
  /** The announcement's reminder that a restock promises nobody anything. */
  notReserved: "Товар не резервируется.",
} as const;

/** The error model's code of an ask refused because the modification is in stock for the client. */
export const IN_STOCK_CODE = "in_stock";
