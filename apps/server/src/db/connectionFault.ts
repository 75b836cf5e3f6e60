/**
 * The database could not be reached: a connection could not be had from the pool (refused, timed out,
 * the database not accepting connections). Nothing of the request was written through it.
 */
export class DatabaseUnreachable extends Error {
  constructor(override readonly cause: unknown) {
    super(`database unreachable: ${cause instanceof Error ? cause.message : String(cause)}`);
  }
}

/** Socket errors of a connection that broke under a query (one that could not be made is a DatabaseUnreachable). */
const socketCodes = new Set(['ECONNRESET', 'ETIMEDOUT', 'EPIPE']);
/** PostgreSQL's: the server ends the session (57P01 admin shutdown, 57P02 crash, 57P03 cannot connect now), too many connections. */
const postgresCodes = new Set(['57P01', '57P02', '57P03', '53300']);
/** pg's own errors, which carry no code, for a connection that ended or never came. */
const driverMessages = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /is not queryable$/,
  /^Cannot use a pool after calling end/,
];

/**
 * Whether an error says the database connection failed rather than the statement: such a request may
 * succeed when tried again, so it is answered 503 with Retry-After, never 500.
 */
export function isConnectionFault(error: unknown): boolean {
  if (error instanceof DatabaseUnreachable) return true;
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (socketCodes.has(code) || postgresCodes.has(code) || code.startsWith('08'))) return true;
  return typeof message === 'string' && driverMessages.some((pattern) => pattern.test(message));
}
