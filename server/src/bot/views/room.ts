import { MESSAGE_TEXT_MAX } from "@wholesale/contract";

/**
 * The room a view (a page of «Мой заказ», a card) has for its own text in one message: Telegram's limit less
 * what a view may carry above it (a refusal and its hint, «Количество изменено.») or under it (a confirm
 * screen's line), none of which comes near 512 characters.
 */
export const VIEW_ROOM = MESSAGE_TEXT_MAX - 512;
