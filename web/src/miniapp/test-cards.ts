// For the Mini App's component tests: a modification as its sheet reads it.
import type { TMiniAppCard } from "@wholesale/contract";

/** «Anker Сетевое зарядное 20W белый» (id 9), sold out; `waiting` says whether the client already asked. */
export function soldOutCard(waiting: boolean): TMiniAppCard {
  return {
    id: 9,
    name: "20W белый",
    product_name: "Сетевое зарядное",
    brand_name: "Anker",
    specifications: "",
    addition: null,
    tiers: [{ from_quantity: 1, price: 900, currency_sign: "₽", orderable: true }],
    stock: "none",
    can_order: false,
    up_to: null,
    reason: "Товар закончился: больше заказать нельзя.",
    quantities: [],
    waiting,
  };
}
