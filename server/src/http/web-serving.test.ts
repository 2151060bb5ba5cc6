import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.ts";
import type { Database } from "../db/client.ts";
import { fixedClock } from "../lib/clock.ts";
import { TEST_SECRET } from "../test/app.ts";
import { openTestDatabase } from "../test/database.ts";

// A built web app in miniature: index.html and one hashed asset with its precompressed copies.
const SCRIPT = `console.log(${JSON.stringify("x".repeat(4000))});`;
let webDist: string;
let database: Database;
let app: FastifyInstance;

beforeAll(async () => {
  webDist = mkdtempSync(join(tmpdir(), "web-dist-"));
  mkdirSync(join(webDist, "assets"));
  writeFileSync(
    join(webDist, "index.html"),
    '<!doctype html><script type="module" src="/assets/app-1a2b.js"></script>',
  );
  mkdirSync(join(webDist, "app"));
  writeFileSync(
    join(webDist, "app/index.html"),
    '<!doctype html><title>Каталог</title><script src="/assets/app-1a2b.js"></script>',
  );
  writeFileSync(join(webDist, "assets/app-1a2b.js"), SCRIPT);
  writeFileSync(join(webDist, "assets/app-1a2b.js.br"), brotliCompressSync(SCRIPT));
  writeFileSync(join(webDist, "assets/app-1a2b.js.gz"), gzipSync(SCRIPT));
  mkdirSync(join(webDist, ".vite"));
  writeFileSync(join(webDist, ".vite/bundle-report.json"), "[]");
  database = await openTestDatabase();
  app = await buildApp({
    db: database.db,
    clock: fixedClock("2026-11-20T09:00:00Z"),
    jwtSecret: TEST_SECRET,
    webDist,
    apiDocs: true,
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
  rmSync(webDist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: "GET", url, headers });

function expectSecurityHeaders(res: LightMyRequestResponse) {
  const csp = String(res.headers["content-security-policy"]);
  expect(csp).toContain("default-src 'self'");
  // Only our own scripts: no 'unsafe-inline', no other origin.
  expect(csp).toMatch(/script-src 'self';/);
  expect(csp).toContain("script-src-attr 'none'");
  expect(csp).toContain("object-src 'none'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(res.headers["x-content-type-options"]).toBe("nosniff");
  expect(res.headers["referrer-policy"]).toBe("same-origin");
  expect(res.headers["x-frame-options"]).toBe("DENY");
}

describe("security headers", () => {
  it("are on the web app's page", async () => {
    const res = await get("/");
    expect(res.statusCode).toBe(200);
    expectSecurityHeaders(res);
  });

  it("are on an asset", async () => {
    const res = await get("/assets/app-1a2b.js");
    expect(res.statusCode).toBe(200);
    expectSecurityHeaders(res);
  });

  it("are on an API answer", async () => {
    const res = await get("/api/health");
    expect(res.statusCode).toBe(200);
    expectSecurityHeaders(res);
  });

  it("are on error answers: an unknown path, bad input and a missing token", async () => {
    const notFound = await get("/api/nothing-here/");
    expect(notFound.statusCode).toBe(404);
    expectSecurityHeaders(notFound);
    const bad = await app.inject({ method: "POST", url: "/api/token/", payload: { username: 1 } });
    expect(bad.statusCode).toBe(400);
    expectSecurityHeaders(bad);
    const unauthorized = await get("/api/users/whoiam/");
    expect(unauthorized.statusCode).toBe(401);
    expectSecurityHeaders(unauthorized);
  });

  it("are exactly the set helmet sent before they were spelt once", async () => {
    const res = await get("/api/health");
    const sent = Object.fromEntries(
      Object.entries(res.headers).filter(
        ([name]) => !["content-type", "content-length", "date", "connection"].includes(name),
      ),
    );
    expect(sent).toEqual({
      "content-security-policy":
        "default-src 'self';script-src 'self';script-src-attr 'none';style-src 'self' 'unsafe-inline';" +
        "img-src 'self' data: blob:;font-src 'self' data:;connect-src 'self';object-src 'none';base-uri 'self';" +
        "form-action 'self';frame-ancestors 'none'",
      "cross-origin-opener-policy": "same-origin",
      "cross-origin-resource-policy": "same-origin",
      "origin-agent-cluster": "?1",
      "referrer-policy": "same-origin",
      "x-content-type-options": "nosniff",
      "x-dns-prefetch-control": "off",
      "x-download-options": "noopen",
      "x-frame-options": "DENY",
      "x-permitted-cross-domain-policies": "none",
      "x-xss-protection": "0",
    });
  });

  it("are on the API docs, which stay reachable", async () => {
    const res = await get("/api/docs/");
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("swagger-initializer.js");
    expectSecurityHeaders(res);
  });
});

describe("the OpenAPI page", () => {
  it("is served only when asked for (API_DOCS): otherwise /api/docs is the API's 404", async () => {
    const withoutDocs = await buildApp({
      db: database.db,
      clock: fixedClock("2026-11-20T09:00:00Z"),
      jwtSecret: TEST_SECRET,
      webDist,
    });
    try {
      for (const url of ["/api/docs", "/api/docs/", "/api/docs/json", "/api/docs/static/index.html"]) {
        const res = await withoutDocs.inject({ method: "GET", url });
        expect({ url, status: res.statusCode, body: res.json() }).toEqual({
          url,
          status: 404,
          body: { detail: "Не найдено", code: "not_found" },
        });
      }
      // The document itself is still built, for the tests that read it.
      expect(withoutDocs.swagger()).toMatchObject({ info: { title: "Wholesale back-office API" } });
    } finally {
      await withoutDocs.close();
    }
    expect((await get("/api/docs/json")).json()).toMatchObject({
      info: { title: "Wholesale back-office API" },
    });
  });
});

describe("the Telegram Mini App's page", () => {
  it("is served at /app/ and its routes, framable by Telegram's web clients only", async () => {
    for (const url of ["/app/", "/app", "/app/order", "/app/?x=1"]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain("Каталог");
      expect(res.headers["cache-control"], url).toBe("no-cache");
      const csp = String(res.headers["content-security-policy"]);
      expect(csp, url).toContain("frame-ancestors https://web.telegram.org https://*.web.telegram.org");
      expect(csp, url).not.toContain("frame-ancestors 'none'");
      expect(csp, url).toMatch(/script-src 'self';/);
      expect(res.headers["x-frame-options"], url).toBeUndefined();
    }
  });

  it("relaxes nothing elsewhere: the back-office, its routes like /apps, and the Mini App's API", async () => {
    for (const url of ["/", "/apps", "/application", "/api/app/market/", "/assets/app-1a2b.js"]) {
      const res = await get(url);
      expectSecurityHeaders(res);
    }
    expect((await get("/apps")).body).not.toContain("Каталог");
  });
});

describe("compressed assets and caching", () => {
  it("sends the brotli copy to a browser that accepts br", async () => {
    const res = await get("/assets/app-1a2b.js", { "accept-encoding": "gzip, deflate, br" });
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
    expect(res.rawPayload.length).toBeLessThan(SCRIPT.length / 10);
  });

  it("sends the gzip copy when only gzip is accepted", async () => {
    const res = await get("/assets/app-1a2b.js", { "accept-encoding": "gzip" });
    expect(res.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it("falls back to the plain file without an accepted encoding", async () => {
    const res = await get("/assets/app-1a2b.js", { "accept-encoding": "identity" });
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.body).toBe(SCRIPT);
  });

  it("caches hashed assets for a year, immutable, whatever the encoding", async () => {
    for (const encoding of ["br", "gzip", "identity"]) {
      const res = await get("/assets/app-1a2b.js", { "accept-encoding": encoding });
      expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    }
  });

  it("never caches index.html without revalidation: at /, by name, and as any app route", async () => {
    for (const url of ["/", "/index.html", "/clients", "/orders?tab=2"]) {
      const res = await get(url, { "accept-encoding": "br, gzip" });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["cache-control"], url).toBe("no-cache");
      expect(res.body, url).toContain("/assets/app-1a2b.js");
    }
  });

  it("answers HEAD of an app route as its GET, without the body", async () => {
    const res = await app.inject({ method: "HEAD", url: "/clients" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/html");
    expect(res.body).toBe("");
  });

  it("never serves the build's hidden metadata (the bundle report)", async () => {
    const res = await get("/.vite/bundle-report.json");
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toBe("[]");
  });
});
