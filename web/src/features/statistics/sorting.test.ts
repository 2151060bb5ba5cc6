import { describe, expect, it } from "vitest";
import { nextSort, sortRows } from "./sorting.ts";

describe("statistics sorting", () => {
  const rows = [
    { name: "ёж", n: 2 },
    { name: "Арбуз", n: 10 },
    { name: "банан", n: 2 },
  ];
  const value = (r: (typeof rows)[number], key: "name" | "n") => r[key];

  it("sorts numbers as numbers and text in Russian order without regard to case, stable on ties", () => {
    expect(sortRows(rows, { key: "n", direction: "asc" }, value).map((r) => r.name)).toEqual([
      "ёж",
      "банан",
      "Арбуз",
    ]);
    expect(sortRows(rows, { key: "n", direction: "desc" }, value).map((r) => r.name)).toEqual([
      "Арбуз",
      "ёж",
      "банан",
    ]);
    expect(sortRows(rows, { key: "name", direction: "asc" }, value).map((r) => r.name)).toEqual([
      "Арбуз",
      "банан",
      "ёж",
    ]);
  });

  it("a click on a new header sorts ascending; a second click on it reverses", () => {
    const byTotal = { key: "total", direction: "desc" } as const;
    expect(nextSort<"total" | "id">(byTotal, "id")).toEqual({ key: "id", direction: "asc" });
    expect(nextSort<"total" | "id">({ key: "id", direction: "asc" }, "id")).toEqual({
      key: "id",
      direction: "desc",
    });
    expect(nextSort<"total" | "id">(byTotal, "total")).toEqual({ key: "total", direction: "asc" });
  });
});
