/**
 * The database cannot be reached (its connection dropped, refused, or the server is shutting
 * down or starting: a failover): the operator's outage, answered 503 SERVICE_UNAVAILABLE, never
 * a 500. SQLSTATE class 08 (connection exception) and 57P01–57P03 (admin shutdown, crash
 * shutdown, cannot connect now); the driver's own words when no SQLSTATE reached it.
 */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH']);
const DRIVER_WORDS = [
  'Connection terminated',
  'connection error and is not queryable',
  'Client was closed and is not queryable',
  'timeout exceeded when trying to connect',
];

export function databaseUnavailable(err: unknown): boolean {
  for (
    let e = err as { code?: unknown; message?: unknown; cause?: unknown } | undefined, i = 0;
    e && i < 4;
    i++
  ) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (code.startsWith('08') || ['57P01', '57P02', '57P03'].includes(code) || SOCKET_CODES.has(code))
      return true;
    const message = typeof e.message === 'string' ? e.message : '';
    if (DRIVER_WORDS.some((w) => message.includes(w))) return true;
    e = e.cause as typeof e;
  }
  return false;
}
