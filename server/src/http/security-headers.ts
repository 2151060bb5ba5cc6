import fastifyHelmet from "@fastify/helmet";
import type { FastifyInstance } from "fastify";

/**
 * Security headers on every answer: the web app, its assets, the API, errors and /api/docs.
 * Scripts only from our own origin (no inline script, no other origin), so an injected `<script>` or a
 * script from elsewhere does not run. Styles allow inline: MUI (emotion) and Swagger UI write `<style>`
 * elements and `style` attributes at run time, and style injection cannot run code. Images allow `data:`
 * and `blob:` for Swagger UI's icons and local previews of chosen photos.
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:"],
        fontSrc: ["'self'", "data:"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    // TLS is the proxy's job (README, production): HSTS belongs there, and plain-HTTP office installs
    // must not be told to upgrade requests they cannot serve.
    strictTransportSecurity: false,
    referrerPolicy: { policy: "same-origin" },
    frameguard: { action: "deny" },
  });

  // The Mini App's page is shown by Telegram's web clients in a frame: they, and nobody else, may frame it.
  // Only /app/ is relaxed; the back-office and the API keep frame-ancestors 'none' against clickjacking.
  app.addHook("onSend", async (request, reply) => {
    if (!isMiniAppPage(request.url)) return;
    const policy = reply.getHeader("content-security-policy");
    if (typeof policy === "string")
      reply.header(
        "content-security-policy",
        policy.replace("frame-ancestors 'none'", MINI_APP_FRAME_ANCESTORS),
      );
    // X-Frame-Options knows no list of origins; browsers obey frame-ancestors where both are sent anyway.
    reply.removeHeader("x-frame-options");
  });
}

/** Telegram's web clients (web.telegram.org, its /k/ and /a/ versions, and its subdomains). */
export const MINI_APP_FRAME_ANCESTORS = "frame-ancestors https://web.telegram.org https://*.web.telegram.org";

/** The Mini App's page (/app, /app/, /app/…), not its API (/api/app/…). */
export const isMiniAppPage = (url: string) => /^\/app(\/|\?|#|$)/.test(url);
