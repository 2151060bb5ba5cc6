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
}
