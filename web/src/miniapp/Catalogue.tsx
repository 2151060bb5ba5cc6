import { useWindowVirtualizer } from "@tanstack/react-virtual";
import type { TMiniAppBrand, TMiniAppItem } from "@wholesale/contract";
import { useCallback, useEffect, useRef, useState } from "react";
import { useDebounced } from "../lib/use-debounced.ts";
import { api } from "./api.ts";
import { formatPrice, itemName, stockLine } from "./format.ts";

const ROW_HEIGHT = 76;

type Props = {
  seesPrices: boolean;
  /** The market is closed for the client: the rows are the list's catalogue, and «В список» adds to the list. */
  toList: boolean;
  /** «Добавлено: …», laid over the sticky header's search field: it moves no row and covers no button. */
  notice: string | null;
  /** Waits asked or cancelled since the rows were read: they mark the rows so without reading them again. */
  waited: ReadonlyMap<number, boolean>;
  /** A search the page puts in the field (the page opened at a modification: its name). */
  searchFor?: string | null;
  /** The item's sheet: to add it, or for one out of stock, «Сообщить о поступлении». */
  onAdd: (item: TMiniAppItem) => void;
  onError: (error: unknown, retry: () => void) => void;
};

/**
 * Search, brand chips and the virtualised list of what this client may order, page after page; the sold-out
 * items after the rest, each offering «Сообщить о поступлении» instead of adding.
 */
export function Catalogue({ seesPrices, toList, notice, waited, searchFor, onAdd, onError }: Props) {
  const [search, setSearch] = useState("");
  useEffect(() => {
    if (searchFor) setSearch(searchFor);
  }, [searchFor]);
  const [brand, setBrand] = useState<number | undefined>();
  const [brands, setBrands] = useState<TMiniAppBrand[]>([]);
  const [items, setItems] = useState<TMiniAppItem[]>([]);
  const [pages, setPages] = useState({ loaded: 0, total: 1 });
  const [loading, setLoading] = useState(false);
  const typed = useDebounced(search.trim(), 300);
  // Answers of an older query are dropped: the list shows the last search only.
  const generation = useRef(0);

  // Read again when the market opens or closes: the order's brands while it is open, the list's while closed.
  useEffect(() => {
    if (toList) setBrand(undefined);
    (toList ? api.listBrands() : api.brands()).then(
      (b) => setBrands(b.results),
      () => setBrands([]),
    );
  }, [toList]);

  const load = useCallback(
    async (page: number, query: { search: string; brand: number | undefined }, mine: number) => {
      setLoading(true);
      try {
        const ask = { search: query.search || undefined, brand: query.brand, page };
        const found = await (toList ? api.listCatalogue(ask) : api.catalogue(ask));
        if (mine !== generation.current) return;
        setItems((before) => (page === 1 ? found.items : [...before, ...found.items]));
        setPages({ loaded: found.page, total: found.pages });
      } catch (error) {
        if (mine === generation.current) onError(error, () => void load(page, query, mine));
      } finally {
        if (mine === generation.current) setLoading(false);
      }
    },
    [onError, toList],
  );

  useEffect(() => {
    generation.current += 1;
    setItems([]);
    setPages({ loaded: 0, total: 1 });
    // A single typed character finds nothing on the server: the list waits for the second.
    if (typed.length === 1) return;
    void load(1, { search: typed, brand }, generation.current);
  }, [typed, brand, load]);

  const virtualizer = useWindowVirtualizer({
    count: items.length,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
  });
  const rows = virtualizer.getVirtualItems();
  const last = rows.at(-1);
  useEffect(() => {
    if (!last || loading || last.index < items.length - 10 || pages.loaded >= pages.total) return;
    void load(pages.loaded + 1, { search: typed, brand }, generation.current);
  }, [last, loading, items.length, pages, load, typed, brand]);

  return (
    <>
      <div className="top">
        <input
          type="search"
          placeholder="Поиск"
          aria-label="Поиск"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        <div className="chips" role="toolbar" aria-label="Бренды">
          <button
            type="button"
            className="chip"
            aria-pressed={brand === undefined}
            onClick={() => setBrand(undefined)}
          >
            Все
          </button>
          {brands.map((b) => (
            <button
              type="button"
              key={b.id}
              className="chip"
              aria-pressed={brand === b.id}
              onClick={() => setBrand(brand === b.id ? undefined : b.id)}
            >
              {b.name}
            </button>
          ))}
        </div>
        {notice && (
          <div className="added" role="status">
            {notice}
          </div>
        )}
      </div>
      {items.length === 0 && !loading && (
        <div className="empty">
          {typed.length === 1 ? "Введите ещё хотя бы одну букву" : "Ничего не найдено"}
        </div>
      )}
      <div style={{ height: virtualizer.getTotalSize(), position: "relative" }}>
        {rows.map((row) => {
          const listed = items[row.index];
          if (!listed) return null;
          const item = { ...listed, waiting: waited.get(listed.id) ?? listed.waiting };
          const soldOut = item.stock === "none";
          return (
            <div
              key={item.id}
              className="row"
              data-testid="catalogue-row"
              style={{
                position: "absolute",
                top: 0,
                left: 0,
                right: 0,
                transform: `translateY(${row.start}px)`,
              }}
            >
              <div className="main">
                <div className="name two-lines">{itemName(item)}</div>
                <div className="sub">
                  <span className={`stock-${item.stock}`}>{stockLine(item.stock, item.waiting)}</span>
                  {seesPrices && item.price !== null && (
                    <> · от {formatPrice(item.price, item.currency_sign)}</>
                  )}
                </div>
              </div>
              <button
                type="button"
                className={soldOut ? "wait" : undefined}
                disabled={!soldOut && item.from_quantity === null}
                onClick={() => onAdd(item)}
              >
                {soldOut ? "Сообщить о поступлении" : toList ? "В список" : "Добавить"}
              </button>
            </div>
          );
        })}
      </div>
      {loading && <div className="empty">Загрузка…</div>}
      <div className="bottom-space" />
    </>
  );
}
