import { render, screen } from "@testing-library/react";
import type { TMiniAppItem } from "@wholesale/contract";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Catalogue } from "./Catalogue.tsx";

const item = (id: number, brand: string, price: number | null): TMiniAppItem => ({
  id,
  name: "1 м",
  product_name: "Кабель Lightning",
  brand_id: id,
  brand_name: brand,
  stock: "in_stock",
  price,
  currency_sign: "₽",
  from_quantity: 1,
});

afterEach(() => vi.unstubAllGlobals());

describe("the catalogue list", () => {
  it("names each row with its brand, as the order will, and shows its price exactly", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string) => {
        const body = url.includes("brands/")
          ? { results: [] }
          : {
              items: [item(1, "Apple", 226.1), item(2, "Hoco", 180)],
              page: 1,
              pages: 1,
              market: { open: true, open_until: null, next_open_at: null },
            };
        return new Response(JSON.stringify(body), { status: 200 });
      }),
    );
    render(<Catalogue seesPrices toList={false} notice={null} onAdd={() => {}} onError={() => {}} />);
    const rows = await screen.findAllByTestId("catalogue-row");
    expect(rows.map((r) => r.textContent?.replaceAll("\u00a0", " "))).toEqual([
      "Apple Кабель Lightning 1 мв наличии · от 226,10 ₽Добавить",
      "Hoco Кабель Lightning 1 мв наличии · от 180 ₽Добавить",
    ]);
  });
});
