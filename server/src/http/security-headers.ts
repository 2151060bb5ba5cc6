import type { FastifyInstance } from "fastify";

/**
 * Scripts only from our own origin (no inline script, no other origin), so an injected `<script>` or a
 * script from elsewhere does not run. Styles allow inline: MUI (emotion) and Swagger UI write `<style>`
 * elements and `style` attributes at run time, and style injection cannot run code. Images allow `data:`
 * and `blob:` for Swagger UI's icons and local previews of chosen photos.
 */
const CONTENT_SECURITY_POLICY: Record<string, string[]> = {
  "default-src": ["'self'"],
  "script-src": ["'self'"],
  "script-src-attr": ["'none'"],
  "style-src": ["'self'", "'unsafe-inline'"],
  "img-src": ["'self'", "data:", "blob:"],
  "font-src": ["'self'", "data:"],
  "connect-src": ["'self'"],
  "object-src": ["'none'"],
  "base-uri": ["'self'"],
  "form-action": ["'self'"],
  "frame-ancestors": ["'none'"],
};

/**
 * The headers helmet (v8) sends with this app's options, spelt once rather than through @fastify/helmet, which
 * rebuilt helmet's middleware from its options on every request (parsing the policy each time): 12 % of the
 * server's CPU on `/api/health` under load. HSTS is left out on purpose: TLS is the proxy's job (README,
 * production), and plain-HTTP office installs must not be told to upgrade requests they cannot serve.
 */
export const SECURITY_HEADERS: ReadonlyArray<readonly [string, string]> = [
  [
    "content-security-policy",
    Object.entries(CONTENT_SECURITY_POLICY)
      .map(([directive, sources]) => `${directive} ${sources.join(" ")}`)
      .join(";"),
  ],
  ["cross-origin-opener-policy", "same-origin"],
  ["cross-origin-resource-policy", "same-origin"],
  ["origin-agent-cluster", "?1"],
  ["referrer-policy", "same-origin"],
  ["x-content-type-options", "nosniff"],
  ["x-dns-prefetch-control", "off"],
  ["x-download-options", "noopen"],
  ["x-frame-options", "DENY"],
  ["x-permitted-cross-domain-policies", "none"],
  // The browsers' XSS auditor is gone or harmful; "0" turns off what is left of it.
  ["x-xss-protection", "0"],
];

/**
 * Security headers on every answer: the web app, its assets, the API, errors and /api/docs. Set as the request
 * arrives, so an answer that fails later (an error, a 404) has them too. As reply headers rather than on the raw
 * response, Fastify hands them to `writeHead` with its own in one object instead of one `setHeader` call each.
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  const headers = Object.fromEntries(SECURITY_HEADERS);
  // The Mini App's page is shown by Telegram's web clients in a frame: they, and nobody else, may frame it.
  // Only /app/ is relaxed; the back-office and the API keep frame-ancestors 'none' against clickjacking.
  // X-Frame-Options knows no list of origins (browsers obey frame-ancestors where both are sent anyway).
  const { "x-frame-options": _deny, ...framable } = headers;
  const miniAppHeaders = {
    ...framable,
    "content-security-policy": String(headers["content-security-policy"]).replace(
      "frame-ancestors 'none'",
      MINI_APP_FRAME_ANCESTORS,
    ),
  };
  // Chosen as the request arrives, in a callback hook: this runs on every request, /api/health included.
  app.addHook("onRequest", (request, reply, done) => {
    reply.headers(request.url.startsWith("/app") && isMiniAppPage(request.url) ? miniAppHeaders : headers);
    done();
  });
}

/** Telegram's web clients (web.telegram.org, its /k/ and /a/ versions, and its subdomains). */
export const MINI_APP_FRAME_ANCESTORS = "frame-ancestors https://web.telegram.org https://*.web.telegram.org";

/** The Mini App's page (/app, /app/, /app/…), not its API (/api/app/…). */
export const isMiniAppPage = (url: string) => /^\/app(\/|\?|#|$)/.test(url);
