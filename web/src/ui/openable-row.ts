import type { KeyboardEvent } from "react";

/**
 * What a table row that opens something (a client, a day) needs to be used without a mouse: a Tab stop, and
 * Enter or Space doing what a click does. A dialog it opens hands the focus back to the row on closing.
 */
export function openableRow(open: () => void) {
  return {
    tabIndex: 0,
    onClick: open,
    onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
      // A key pressed in a control inside the row (a link, a chip) is that control's.
      if (event.target !== event.currentTarget) return;
      if (event.key === "Enter" || event.key === " ") {
        event.preventDefault();
        open();
      }
    },
  };
}

/** Its look: a pointer, and a focus ring drawn inside the row, where the table's edge does not clip it. */
export const OPENABLE_ROW_SX = {
  cursor: "pointer",
  "&:focus-visible": { outline: "2px solid", outlineColor: "primary.main", outlineOffset: "-2px" },
} as const;
