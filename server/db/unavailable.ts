/**
 * Whether an error means the database cannot be reached right now (stopped, restarting, unreachable, its connections
 * cut, the pool waited too long for one), as opposed to a fault in a statement. Such a request answers 503 with the
 * catalogue's server error (server/lib/errors.ts), and the next request tries again: the pool opens new connections
 * once the server is back, without a restart of the portal.
 */

/** Socket errors of a connection attempt or of a connection that was cut. */
const NETWORK = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);

/**
 * PostgreSQL's SQLSTATEs for it (Appendix A): class 08 connection exceptions, 57P01 admin_shutdown (a stop),
 * 57P02 crash_shutdown, 57P03 cannot_connect_now (starting up or shutting down), 53300 too_many_connections.
 */
const SQLSTATE = /^(08...|57P0[123]|53300)$/;

/** What `pg` throws itself when a connection ends or none can be had, with no code of its own. */
const PG_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
];

export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (NETWORK.has(code) || SQLSTATE.test(code) || code === 'SQLITE_BUSY')) return true;
    if (PG_MESSAGES.some((m) => e instanceof Error && e.message.startsWith(m))) return true;
    // several addresses tried (localhost as ::1 and 127.0.0.1): Node's AggregateError carries their errors
    if (e instanceof AggregateError && e.errors.some((inner) => isDatabaseUnavailable(inner))) return true;
  }
  return false;
}
