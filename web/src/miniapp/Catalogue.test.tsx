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
  waiting: false,
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
    render(
      <Catalogue
        seesPrices
        toList={false}
        notice={null}
        waited={new Map()}
        onAdd={() => {}}
        onError={() => {}}
      />,
    );
    const rows = await screen.findAllByTestId("catalogue-row");
    expect(rows.map((r) => r.textContent?.replaceAll("\u00a0", " "))).toEqual([
      "Apple Кабель Lightning 1 мв наличии · от 226,10 ₽Добавить",
      "Hoco Кабель Lightning 1 мв наличии · от 180 ₽Добавить",
    ]);
  });

  it("offers «Сообщить о поступлении» on a sold-out row, and says when the client waits for it", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string) => {
        const body = url.includes("brands/")
          ? { results: [] }
          : {
              items: [
                item(1, "Apple", 226.1),
                { ...item(2, "Hoco", 180), stock: "none" },
                { ...item(3, "Anker", 900), stock: "none" },
              ],
              page: 1,
              pages: 1,
              market: { open: true, open_until: null, next_open_at: null },
            };
        return new Response(JSON.stringify(body), { status: 200 });
      }),
    );
    const onAdd = vi.fn();
    render(
      <Catalogue
        seesPrices
        toList={false}
        notice={null}
        waited={new Map([[3, true]])}
        onAdd={onAdd}
        onError={() => {}}
      />,
    );
    const rows = await screen.findAllByTestId("catalogue-row");
    expect(rows.map((r) => r.textContent?.replaceAll("\u00a0", " "))).toEqual([
      "Apple Кабель Lightning 1 мв наличии · от 226,10 ₽Добавить",
      "Hoco Кабель Lightning 1 мнет в наличии · от 180 ₽Сообщить о поступлении",
      "Anker Кабель Lightning 1 мнет в наличии · сообщим о поступлении · от 900 ₽Сообщить о поступлении",
    ]);
    screen.getAllByRole("button", { name: "Сообщить о поступлении" })[1]?.click();
    expect(onAdd).toHaveBeenCalledWith(expect.objectContaining({ id: 3, stock: "none", waiting: true }));
  });

  it("offers the list's brand chips while the market is closed, and reads the list's catalogue by them", async () => {
    const asked: string[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string) => {
        asked.push(url);
        const body = url.includes("brands/")
          ? { results: url.includes("list/brands/") ? [{ id: 7, name: "Apple" }] : [] }
          : {
              items: [item(7, "Apple", 226.1)],
              page: 1,
              pages: 1,
              market: { open: false, open_until: null, next_open_at: null },
            };
        return new Response(JSON.stringify(body), { status: 200 });
      }),
    );
    render(
      <Catalogue seesPrices toList notice={null} waited={new Map()} onAdd={() => {}} onError={() => {}} />,
    );
    (await screen.findByRole("button", { name: "Apple" })).click();
    await vi.waitFor(() => expect(asked.some((u) => /list\/catalogue\/\?.*brand=7/.test(u))).toBe(true));
    expect(asked.some((u) => /\/app\/brands\//.test(u))).toBe(false);
  });
});
