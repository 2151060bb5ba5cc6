import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/app.ts";

/**
 * A valid call of every route that takes a date, in its query (GET) or its body (POST), and its date fields:
 * the walk below puts an impossible date in each date field in turn, the other fields as they are here.
 */
const ROUTES: Record<string, { dates: string[]; valid: Record<string, string | number> }> = {
  "GET /api/statistics/period/": {
    dates: ["date_from", "date_to"],
    valid: { date_from: "2026-11-01", date_to: "2026-11-20" },
  },
  "GET /api/statistics/client-orders/": {
    dates: ["date_from", "date_to"],
    valid: { client_id: 1, date_from: "2026-11-01", date_to: "2026-11-20" },
  },
  "GET /api/statistics/date/brand/": { dates: ["date"], valid: { date: "2026-11-20" } },
  "GET /api/statistics/date/": { dates: ["date"], valid: { date: "2026-11-20" } },
  "GET /api/statistics/low/": { dates: ["date"], valid: { date: "2026-11-20" } },
  "GET /api/sales/orders/": { dates: ["opened_at"], valid: { opened_at: "2026-11-20" } },
  "POST /api/reports/client/": { dates: ["date"], valid: { client_id: 1, date: "2026-11-20" } },
  "POST /api/reports/general/": { dates: ["date"], valid: { date: "2026-11-20" } },
};

const IMPOSSIBLE_DATES = [
  "2026-13-01",
  "2026-00-10",
  "2026-02-30",
  "2025-02-29",
  "2026-04-31",
  "0000-00-00",
  "0000-01-01",
  "9999-12-31",
  "2026-1-01",
  "20.11.2026",
];

type Operation = {
  parameters?: { in: string; name: string; schema?: { format?: string } }[];
  requestBody?: {
    content?: Record<string, { schema?: { properties?: Record<string, { format?: string }> } }>;
  };
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Every route's date fields, as the OpenAPI document (generated from the contract's schemas) declares them. */
function dateFields(): Record<string, string[]> {
  const doc = t.app.swagger() as { paths: Record<string, Record<string, Operation>> };
  const found: Record<string, string[]> = {};
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const query = (operation.parameters ?? []).filter(
        (p) => p.in === "query" && p.schema?.format === "date",
      );
      const body = Object.entries(
        operation.requestBody?.content?.["application/json"]?.schema?.properties ?? {},
      )
        .filter(([, schema]) => schema.format === "date")
        .map(([name]) => name);
      const fields = [...query.map((p) => p.name), ...body];
      if (fields.length > 0) found[`${method.toUpperCase()} ${path}`] = fields;
    }
  }
  return found;
}

function call(route: string, values: Record<string, string | number>) {
  const [method, url] = route.split(" ") as ["GET" | "POST", string];
  if (method === "POST") return t.call("superuser", { method, url, payload: values });
  const query = new URLSearchParams(Object.entries(values).map(([k, v]): [string, string] => [k, String(v)]));
  return t.call("superuser", { method, url: `${url}?${query}` });
}

describe("date parameters", () => {
  it("every route that takes a date is walked here, each date field with the contract's one date schema", () => {
    const expected = Object.fromEntries(Object.entries(ROUTES).map(([route, { dates }]) => [route, dates]));
    expect(dateFields()).toEqual(expected);
  });

  it.each(Object.entries(ROUTES))("%s takes a valid date", async (route, { valid }) => {
    const res = await call(route, valid);
    expect(res.statusCode, res.body).not.toBe(400);
    expect(res.statusCode, res.body).toBeLessThan(500);
  });

  it.each(Object.entries(ROUTES))("%s answers 400 to an impossible date", async (route, { dates, valid }) => {
    for (const field of dates) {
      for (const date of IMPOSSIBLE_DATES) {
        const res = await call(route, { ...valid, [field]: date });
        expect(res.statusCode, `${field}=${date}: ${res.body}`).toBe(400);
        const body = res.json() as { detail: string; errors?: Record<string, string[]> };
        expect(body.detail).toMatch(/^Некорректные данные/);
        expect(Object.keys(body.errors ?? {}), `${field}=${date}`).toContain(field);
      }
    }
  });
});
