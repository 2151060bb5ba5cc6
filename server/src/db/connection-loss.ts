/** SQLSTATEs of a connection that broke or of a server not taking connections: class 08, 57P01–57P03. */
const LOST_STATE = /^(08...|57P0[123])$/;
/** Node's socket errors on the way to the database. */
const LOST_SOCKET = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);
/** node-postgres's own words for a connection that ended under a query, or a client left unusable by that. */
const LOST_MESSAGE =
  /^(Connection terminated|Client has encountered a connection error|Client was closed and is not queryable)/;

/**
 * Whether an error (as thrown, or wrapped by the ORM in `cause`) means the database went away: a restart, a
 * failover, `pg_terminate_backend`, a network cut. The same work can succeed once the database is back, so
 * the API answers 503 rather than 500 and background loops back off and try again.
 */
export function isConnectionLost(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    const { code, message, errors } = e as { code?: unknown; message?: unknown; errors?: unknown };
    if (typeof code === "string" && (LOST_STATE.test(code) || LOST_SOCKET.has(code))) return true;
    if (typeof message === "string" && LOST_MESSAGE.test(message)) return true;
    // A connection to a host with several addresses fails with one error per address.
    if (Array.isArray(errors) && errors.some(isConnectionLost)) return true;
  }
  return false;
}
