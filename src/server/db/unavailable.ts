/** SQLSTATE classes and codes that say the server or the connection is going away, not the query. */
const unavailableSqlStates = [
  /^08/, // connection exception
  /^57P0[1-4]$/, // admin / crash shutdown, cannot connect now, database dropped
  /^53300$/, // too many connections
  /^58030$/, // I/O error (the embedded database's disk)
];

/** Node socket and file-system errors on the way to the database. */
const unavailableErrnos = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENOSPC', 'EIO']);

/** What node-postgres, its pool and PGlite say when the connection is gone (they carry no code). */
const unavailableMessages = [
  /^Connection terminated/,
  /Client has encountered a connection error and is not queryable/,
  /Client was closed and is not queryable/,
  /timeout exceeded when trying to connect/,
  /Cannot use a pool after calling end on the pool/,
  /^PGlite is closed/,
  /is not currently accepting connections/, // 55000, raised only at connect: the database is closed to new sessions
];

/**
 * Whether an error means "the database cannot answer right now" (a failover, a restart, a dropped
 * or refused connection, a full pool) rather than "this request is wrong" or "our code is wrong".
 * Such a request is answered 503 with Retry-After; the pool reconnects on the next request.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  // Drizzle wraps the driver's error in `cause`; follow the chain a few links deep.
  for (let current = error, depth = 0; current && depth < 5; current = (current as { cause?: unknown }).cause, depth++) {
    if (typeof current !== 'object') return false;
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (unavailableErrnos.has(code) || unavailableSqlStates.some((state) => state.test(code)))) return true;
    if (typeof message === 'string' && unavailableMessages.some((pattern) => pattern.test(message))) return true;
  }
  return false;
}

/**
 * Whether PostgreSQL rolled the transaction back because it collided with another (a deadlock it
 * broke, SQLSTATE 40P01, or a serialization failure, 40001): nothing was written, and the same
 * request a moment later will go through. Answered 503 with a short Retry-After, not 500.
 */
export function isTransactionConflict(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; current = (current as { cause?: unknown }).cause, depth++) {
    if (typeof current !== 'object') return false;
    const { code } = current as { code?: unknown };
    if (code === '40P01' || code === '40001') return true;
  }
  return false;
}
