import { type PositionView, type Quote, unitsText } from "../../modules/ordering/index.ts";

/** A position's new quantity to confirm: «Кабель 1 м: 10 шт → 12 шт × 540 ₽ = 6 480 ₽». */
export function changeConfirmText(position: PositionView, quote: Quote): string {
  return `${position.name}: ${position.quantity} шт → ${unitsText(quote)}. Подтвердите изменение.`;
}
