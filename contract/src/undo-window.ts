/**
 * How long the storehouse may take «Собрано» back: the web's notice offers «Отменить» this long, and the server
 * holds «Ваш заказ собран» at least this long (plus the undo's own way to it) before the client is told. A file
 * of its own, free of zod, because the notices are part of the login screen's first download.
 */
export const UNDO_WINDOW_MS = 10_000;
