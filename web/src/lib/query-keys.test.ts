import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { queryKeysFactory } from "./query-keys.ts";

const area = queryKeysFactory<{ q: string }>("clients");
const groups = queryKeysFactory("groups", area);
const other = queryKeysFactory("catalogue");

/** The keys a cache holding one query under each of `keys` marks stale when `invalidated` is invalidated. */
async function staleAfter(invalidated: readonly unknown[], keys: (readonly unknown[])[]) {
  const cache = new QueryClient();
  for (const key of keys) cache.setQueryData(key, "cached");
  await cache.invalidateQueries({ queryKey: invalidated, refetchType: "none" });
  return keys.filter((key) => cache.getQueryState(key)?.isInvalidated);
}

describe("queryKeysFactory", () => {
  const everything = [
    area.list({ q: "" }),
    area.list({ q: "Ив" }),
    area.detail(7),
    groups.lists(),
    groups.detail(1),
    other.lists(),
  ];

  it("reaches every resource of an area from its root, and nothing of another area", async () => {
    expect(await staleAfter(area.all, everything)).toEqual(everything.slice(0, 5));
  });

  it("reaches a resource's lists alone from `lists()`, not its records or a resource named under it", async () => {
    expect(await staleAfter(area.lists(), everything)).toEqual([
      area.list({ q: "" }),
      area.list({ q: "Ив" }),
    ]);
  });

  it("reaches only its own keys from a nested resource's root", async () => {
    expect(await staleAfter(groups.all, everything)).toEqual([groups.lists(), groups.detail(1)]);
  });

  it("keys a list by its query and a record by its id", () => {
    expect(area.list({ q: "Ив" })).toEqual(["clients", "list", { q: "Ив" }]);
    expect(groups.detail(1)).toEqual(["clients", "groups", "detail", 1]);
  });
});
