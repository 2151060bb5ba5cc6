import type { TPaged } from "@wholesale/contract";
import type { FastifyRequest } from "fastify";

/** The same URL with other limit/offset: the `next` and `previous` links of a paged list. */
function pageUrl(request: FastifyRequest, limit: number, offset: number): string {
  const [path, query = ""] = request.url.split("?");
  const params = new URLSearchParams(query);
  params.set("limit", String(limit));
  params.set("offset", String(offset));
  return `${path}?${params.toString()}`;
}

/**
 * The two links a page may carry, before its count is known: `next` to use when `offset + limit < count`,
 * `previous` (or null on the first page). For a page whose JSON the database builds.
 */
export function pageLinks(
  request: FastifyRequest,
  { limit, offset }: { limit: number; offset: number },
): { next: string; previous: string | null } {
  return {
    next: pageUrl(request, limit, offset + limit),
    previous: offset > 0 ? pageUrl(request, limit, Math.max(0, offset - limit)) : null,
  };
}

/** A page shaped like Django REST framework's limit/offset pagination; links are path-absolute. */
export function page<T>(
  request: FastifyRequest,
  { results, count, limit, offset }: { results: T[]; count: number; limit: number; offset: number },
): TPaged<T> {
  return {
    count,
    next: offset + limit < count ? pageUrl(request, limit, offset + limit) : null,
    previous: offset > 0 ? pageUrl(request, limit, Math.max(0, offset - limit)) : null,
    results,
  };
}
