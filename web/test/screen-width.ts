import { vi } from "vitest";

/** A screen `width` px wide for MUI's media queries, `up()`'s and `down()`'s alike (jsdom has no layout). */
export function screenOf(width: number): void {
  vi.stubGlobal("matchMedia", (query: string): MediaQueryList => {
    const below = /max-width:\s*([\d.]+)px/.exec(query);
    const above = /min-width:\s*([\d.]+)px/.exec(query);
    return {
      matches:
        (!below || width <= Number(below[1])) && (!above || width >= Number(above[1])) && !!(below || above),
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    };
  });
}
