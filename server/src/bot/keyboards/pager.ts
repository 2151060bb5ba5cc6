import type { InlineKeyboard } from "grammy";

/** «‹» and «›» around «2/5» on a row of their own, when there is more than one page. */
export function pager(
  keyboard: InlineKeyboard,
  { page, pages }: { page: number; pages: number },
  to: (page: number) => string,
): InlineKeyboard {
  if (pages <= 1) return keyboard;
  keyboard.row();
  if (page > 1) keyboard.text("‹", to(page - 1));
  keyboard.text(`${page}/${pages}`, to(page));
  if (page < pages) keyboard.text("›", to(page + 1));
  return keyboard;
}
