import { ZErrorSchema, ZMiniAppFailureSchema } from "@wholesale/contract";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemo } from "../db/demo/demo.ts";
import { createTestApp, type TestApp } from "../test/app.ts";
import { STREAM_ROUTES } from "../test/live-stream.ts";
import { demoClientOnOpenMarket } from "../test/miniapp-launch.ts";
import type { ApiRoute } from "./auth.ts";

/**
 * Every API route, collected from the app itself (its route table and the OpenAPI document its zod schemas
 * make), driven through malformed input with valid credentials for its audience: bad path ids, bad query
 * values, bodies that are no JSON or of the wrong type, `__proto__` keys, over-long strings and numbers out of
 * range, one field at a time on an otherwise valid body. No answer may be a 5xx, and every 4xx is the JSON
 * error model with a Russian `detail` (a Mini App route's is its declared failure: a refusal or the model).
 * A route added later is walked with no change here.
 */

/** The part of OpenAPI 3.0's schema object the zod schemas produce. */
type JsonSchema = {
  type?: string;
  nullable?: boolean;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  minLength?: number;
  minItems?: number;
  format?: string;
  pattern?: string;
  default?: unknown;
};
type Parameter = { in: "path" | "query"; name: string; required?: boolean; schema: JsonSchema };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
};
type OpenApi = { paths: Record<string, Record<string, Operation>> };

const CYRILLIC = /[А-Яа-яЁё]/;
const LONG = "я".repeat(1000);

/** Strings a pattern may ask for: a name, a time of day, a day, a moment. */
const PATTERNED = ["walker_1", "10:00", "2026-11-20", "2026-11-20T10:00:00Z"];

/** A value the schema accepts, as plain as possible: the base that one field at a time is spoilt on. */
function valid(schema: JsonSchema): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const union = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (union) return valid(union.find((s) => s.type !== "null") ?? union[0] ?? {});
  switch (schema.type) {
    case "integer":
    case "number": {
      const low = schema.exclusiveMinimum === true ? (schema.minimum ?? 0) + 1 : (schema.minimum ?? 1);
      return Math.min(Math.max(1, low), schema.maximum ?? Number.MAX_SAFE_INTEGER);
    }
    case "boolean":
      return false;
    case "array":
      return schema.items
        ? Array.from({ length: Math.max(1, schema.minItems ?? 0) }, () => valid(schema.items ?? {}))
        : [];
    case "object":
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([key, s]) => [key, valid(s)]));
    case "string": {
      if (schema.format === "date") return "2026-11-20";
      if (schema.format === "date-time") return "2026-11-20T10:00:00Z";
      if (schema.pattern) {
        const pattern = new RegExp(schema.pattern, "u");
        return PATTERNED.find((s) => pattern.test(s)) ?? "walker";
      }
      return "Проверка".padEnd(Math.max(schema.minLength ?? 1, 8), "я");
    }
    default:
      return null;
  }
}

/** Values wrong for (or at the edge of) a field of the schema's type: JSON values a caller can send. */
function spoilt(schema: JsonSchema): unknown[] {
  const union = schema.anyOf ?? schema.oneOf;
  const type = schema.type ?? union?.find((s) => s.type !== "null")?.type;
  const common = [null, "abc", { __proto__: null, polluted: 1 }, [1]];
  switch (type) {
    case "integer":
    case "number":
      return [...common, 1.5, "5", 2 ** 53 + 2, -1, 0, 2_147_483_648, -2_147_483_649, 1e20, -1e20, true];
    case "string":
      return [
        ...common,
        "",
        " ",
        LONG,
        `${LONG}${LONG}${LONG}`.repeat(40),
        5,
        "\u0000",
        "\ud800",
        "2026-13-01",
      ];
    case "boolean":
      return [...common, "true", 1];
    case "array":
      return [...common, {}, [null], [-1], ["abc"], [1.5], Array.from({ length: 10_001 }, (_, i) => i + 1)];
    default:
      return [...common, 1, "", LONG];
  }
}

/** Each leaf of a valid value replaced, one at a time, by each spoilt value of its schema. */
function* spoiltBodies(schema: JsonSchema, base: unknown): Generator<unknown> {
  for (const bad of spoilt(schema)) yield bad;
  const union = schema.anyOf ?? schema.oneOf;
  const shape = union?.find((s) => s.type === "object" || s.type === "array") ?? schema;
  if (shape.type === "object" && base && typeof base === "object" && !Array.isArray(base)) {
    const record = base as Record<string, unknown>;
    for (const [key, field] of Object.entries(shape.properties ?? {})) {
      for (const bad of spoiltBodies(field, record[key])) yield { ...record, [key]: bad };
      const { [key]: _, ...without } = record;
      yield without;
    }
  }
  if (shape.type === "array" && shape.items && Array.isArray(base) && base.length > 0) {
    for (const bad of spoiltBodies(shape.items, base[0])) yield [bad, ...base.slice(1)];
  }
}

const PATH_VALUES = ["abc", "-1", "0", "1.5", "2147483648", "9007199254740993", "1e3", "%00", "%E2%82", LONG];
const QUERY_VALUES = [
  "abc",
  "-1",
  "0",
  "1.5",
  "2147483648",
  "99999999999999999999",
  "",
  LONG,
  "%00",
  "2026-13-01",
  "__proto__",
];

type Case = { what: string; request: InjectOptions };

/** The malformed requests for one route, each with what it tries. */
function* casesOf(route: ApiRoute, operation: Operation | undefined): Generator<Case> {
  const parameters = operation?.parameters ?? [];
  const pathParameters = parameters.filter((p) => p.in === "path");
  const validPath = (name: string) =>
    String(valid(pathParameters.find((p) => p.name === name)?.schema ?? { type: "integer" }));
  const urlWith = (bad: Record<string, string>) =>
    `${route.url.replace(/:(\w+)/g, (_, name: string) => bad[name] ?? encodeURIComponent(validPath(name)))}`;
  const query = parameters.filter((p) => p.in === "query");
  const validQuery = Object.fromEntries(
    query.filter((p) => p.required).map((p) => [p.name, String(valid(p.schema))]),
  );
  const withQuery = (extra: Record<string, string>, raw = "") => {
    const search = new URLSearchParams({ ...validQuery, ...extra }).toString();
    return `${urlWith({})}?${[search, raw].filter(Boolean).join("&")}`;
  };
  const bodySchema = operation?.requestBody?.content["application/json"]?.schema;
  const hasBody = route.method !== "GET" && route.method !== "DELETE";
  const base = bodySchema ? valid(bodySchema) : {};
  const json = (payload: string, contentType = "application/json"): InjectOptions => ({
    method: route.method as "POST",
    url: withQuery({}),
    headers: { "content-type": contentType },
    payload,
  });

  for (const { name } of pathParameters) {
    for (const bad of PATH_VALUES) {
      yield {
        what: `path ${name}=${bad.slice(0, 20)}`,
        request: {
          method: route.method as "GET",
          url: urlWith({ [name]: bad }),
          ...(hasBody ? { payload: JSON.stringify(base) } : {}),
        },
      };
    }
  }
  for (const { name } of query) {
    for (const bad of QUERY_VALUES) {
      const raw = bad === "%00" ? `${name}=%00` : "";
      yield {
        what: `query ${name}=${bad.slice(0, 20)}`,
        request: {
          method: route.method as "GET",
          url: raw ? withQuery({}, raw) : withQuery({ [name]: bad }),
        },
      };
    }
    yield {
      what: `query ${name} twice`,
      request: { method: route.method as "GET", url: withQuery({}, `${name}=1&${name}=2`) },
    };
  }
  yield {
    what: "query __proto__ keys",
    request: {
      method: route.method as "GET",
      url: withQuery({}, "__proto__[x]=1&constructor[prototype][x]=1"),
    },
  };
  if (!hasBody) return;
  yield { what: "invalid JSON", request: json('{"a": ') };
  yield { what: "empty JSON", request: json("") };
  yield { what: "1e400", request: json("1e400") };
  yield { what: "text/plain", request: json(JSON.stringify(base), "text/plain") };
  yield { what: "form", request: json("a=1&b=2", "application/x-www-form-urlencoded") };
  yield { what: "xml", request: json("<a/>", "application/xml") };
  yield { what: "multipart, no boundary", request: json("--x\r\n", "multipart/form-data") };
  yield {
    what: "multipart, boundary over 256 characters",
    request: json("--x\r\n", `multipart/form-data; boundary=${"x".repeat(300)}`),
  };
  yield {
    what: "multipart, cut short",
    request: json(
      '--x\r\nContent-Disposition: form-data; name="file"; filename="a.xlsx"\r\n\r\nPK',
      "multipart/form-data; boundary=x",
    ),
  };
  yield {
    what: "no content type",
    request: {
      method: route.method as "POST",
      url: withQuery({}),
      payload: Buffer.from(JSON.stringify(base)),
    },
  };
  const spread = JSON.stringify(base).startsWith("{") ? `,${JSON.stringify(base).slice(1)}` : "}";
  yield { what: "__proto__ key", request: json(`{"__proto__":{"polluted":1}${spread}`) };
  yield { what: "constructor key", request: json(`{"constructor":{"prototype":{"polluted":1}}${spread}`) };
  for (const body of ["null", "[]", '"x"', "12", "true"]) yield { what: `body ${body}`, request: json(body) };
  if (!bodySchema) return;
  let n = 0;
  for (const body of spoiltBodies(bodySchema, base)) {
    n += 1;
    yield { what: `body #${n} ${JSON.stringify(body).slice(0, 120)}`, request: json(JSON.stringify(body)) };
  }
}

/** What is wrong with an answer to malformed input, or null. */
function fault(route: ApiRoute, res: LightMyRequestResponse): string | null {
  if (res.statusCode >= 500) return `${res.statusCode} ${res.body.slice(0, 300)}`;
  if (res.statusCode < 400) return null;
  let body: unknown;
  try {
    body = res.json();
  } catch {
    return `${res.statusCode} not JSON: ${res.body.slice(0, 200)}`;
  }
  const schema = route.url.startsWith("/api/app/") ? ZMiniAppFailureSchema : ZErrorSchema;
  const parsed = schema.safeParse(body);
  if (!parsed.success) return `${res.statusCode} not the error model: ${res.body.slice(0, 200)}`;
  if (!CYRILLIC.test(parsed.data.detail))
    return `${res.statusCode} detail not Russian: ${parsed.data.detail}`;
  return null;
}

let t: TestApp;
let openApi: OpenApi;
let clientToken: string;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.db, {
    now: t.clock.now(),
    password: "demo-password",
    scale: { clients: 6, days: 2, ordersPerDay: 3, productsPerBrand: 1 },
  });
  const admin = await t.as("superuser");
  const staffCall = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const res = await t.app.inject({
      method: method as "GET",
      url: `/api${path}`,
      headers: admin.headers,
      ...(body === undefined ? {} : { payload: body as object }),
    });
    if (res.statusCode >= 300) throw new Error(`${method} ${path}: ${res.statusCode} ${res.body}`);
    return res.json() as T;
  };
  const { client } = await demoClientOnOpenMarket(staffCall, "Проверка ввода");
  clientToken = await t.app.tokens.signClient({ clientId: client.id, telegramId: client.telegram_id ?? 0 });
  openApi = t.app.swagger() as unknown as OpenApi;
}, 120_000);
afterAll(() => t.close());

/** Walks the routes through every case with the audience's credentials; returns what went wrong. */
async function walk(routes: ApiRoute[]): Promise<string[]> {
  const admin = await t.as("superuser");
  const faults: string[] = [];
  for (const route of routes) {
    // A stream reads nothing of a request but its token (permissions.test.ts opens it with each).
    if (STREAM_ROUTES.has(route.url)) continue;
    const operation = openApi.paths[route.url.replace(/:(\w+)/g, "{$1}")]?.[route.method.toLowerCase()];
    const headers =
      route.access === "client"
        ? { authorization: `Bearer ${clientToken}` }
        : route.access === "public"
          ? {}
          : admin.headers;
    for (const { what, request } of casesOf(route, operation)) {
      const res = await t.app.inject({ ...request, headers: { ...request.headers, ...headers } });
      const wrong = fault(route, res);
      if (wrong) faults.push(`${route.method} ${route.url} ${what}: ${wrong}`);
    }
  }
  return faults;
}

describe("malformed input on every route", () => {
  it("the Mini App's routes answer 4xx with a Russian detail, never a 5xx", async () => {
    const routes = t.app.apiRoutes.filter((r) => r.url.startsWith("/api/app/"));
    expect(routes.length).toBeGreaterThan(10);
    expect(await walk(routes)).toEqual([]);
  }, 300_000);

  it("the staff routes (and the public ones) answer 4xx with a Russian detail, never a 5xx", async () => {
    const routes = t.app.apiRoutes.filter((r) => !r.url.startsWith("/api/app/"));
    expect(routes.length).toBeGreaterThan(100);
    expect(await walk(routes)).toEqual([]);
  }, 600_000);
});
