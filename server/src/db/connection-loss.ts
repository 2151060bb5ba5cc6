/**
 * SQLSTATEs of a database that is away or cannot take writes for the moment:
 * - class 08: the connection broke or could not be made;
 * - 57P01–57P05: the server shut down, crashed, is starting up, dropped the database, or ended an idle session;
 * - 25006: a read-only transaction — a failover onto a standby, or a database set read-only
 *   (`default_transaction_read_only`);
 * - 55000: what a database answers while it refuses connections (`ALLOW_CONNECTIONS false`);
 * - 53000, 53100, 53200, 53300: out of resources — disk full, out of memory, too many connections.
 * Each passes: the same statement succeeds once the database is back or writable again.
 */
const AWAY_STATE = /^(08...|57P0[1-5]|25006|55000|53[0-3]00)$/;
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
 * Whether an error (as thrown, or wrapped by the ORM in `cause`) means the database is away or cannot write
 * for the moment: a restart, a failover (onto a read-only node too), `pg_terminate_backend`, a network cut, a
 * database refusing connections or out of them. The same work can succeed once the database is back, so the
 * API answers 503 rather than 500, the activity log keeps its rows, the delivery worker records its sends
 * again rather than giving them up, and background loops back off and try again.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    const { code, message, errors } = e as { code?: unknown; message?: unknown; errors?: unknown };
    if (typeof code === "string" && (AWAY_STATE.test(code) || LOST_SOCKET.has(code))) return true;
    if (typeof message === "string" && LOST_MESSAGE.test(message)) return true;
    // A connection to a host with several addresses fails with one error per address.
    if (Array.isArray(errors) && errors.some(isDatabaseUnavailable)) return true;
  }
  return false;
}
