import type { TOrderPosition } from "@wholesale/contract";
import { describe, expect, it } from "vitest";
import { groupPositions } from "./group-positions.ts";

let nextId = 1;
const position = (values: Partial<TOrderPosition>): TOrderPosition => ({
  id: nextId++,
  order: 1,
  modification: 1,
  modification_name: "Чехол",
  addition_name: null,
  price: 100,
  quantity: 1,
  status: "added",
  currency: 1,
  currency_sign: "₽",
  sent_to_collect_at: null,
  collected_at: null,
  ...values,
});

describe("groupPositions", () => {
  it("sums quantities of the same name, price, status and currency; uncollected first", () => {
    const lines = groupPositions([
      position({ status: "collected", quantity: 2 }),
      position({ quantity: 2 }),
      position({ quantity: 3 }),
      position({ price: 90 }),
      position({ currency: 2, currency_sign: "$" }),
      position({ status: "collected", quantity: 5 }),
      position({ status: "sent_to_collect", modification_name: "Кабель" }),
    ]);
    expect(lines.map((l) => [l.name, l.price, l.status, l.currency_sign, l.quantity])).toEqual([
      ["Чехол", 100, "added", "₽", 5],
      ["Чехол", 90, "added", "₽", 1],
      ["Чехол", 100, "added", "$", 1],
      ["Кабель", 100, "sent_to_collect", "₽", 1],
      ["Чехол", 100, "collected", "₽", 7],
    ]);
  });
});
