/**
 * Why the server could not start, in one line a person can act on (no stack trace): the
 * port, the host, the data folder, the database.
 */
type SystemError = Error & { code?: string };

/** A start-up failure whose message already says what to do (a Redis that cannot be reached…). */
export class StartupProblem extends Error {}

/** The problem with listening on `host`:`port`. */
export function listenProblem(e: SystemError, host: string, port: number): string {
  if (e instanceof StartupProblem) return e.message;
  switch (e.code) {
    case 'EADDRINUSE':
      return `port ${port} is already in use on ${host}: stop the other server, or choose another port with --port or PORT`;
    case 'EACCES':
      return `not allowed to listen on port ${port} of ${host} (ports below 1024 need privileges): choose another with --port or PORT`;
    case 'EADDRNOTAVAIL':
      return `${host} is not an address of this machine: use 127.0.0.1, 0.0.0.0 (every network) or one of its addresses with --host or HOST`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `there is no host "${host}": use 127.0.0.1, 0.0.0.0 (every network) or one of this machine's addresses with --host or HOST`;
    default:
      return `cannot listen on ${host}:${port}: ${e.message}`;
  }
}

/** The problem with the PostgreSQL database at `url` (named without its password). */
export function databaseProblem(e: SystemError, url: string): string {
  let where = url;
  try {
    const u = new URL(url);
    where = `${u.hostname}:${u.port || 5432}${u.pathname}`;
  } catch {
    return `DATABASE_URL is not a URL: ${e.message}`;
  }
  const server = where.split('/')[0];
  if (e.code === 'ECONNREFUSED')
    return `cannot reach PostgreSQL at ${server} (connection refused): is it running, and is DATABASE_URL right?`;
  if (e.code === 'ENOTFOUND' || e.code === 'EAI_AGAIN')
    return `cannot reach PostgreSQL at ${server}: there is no such host (check DATABASE_URL)`;
  if (/timeout/i.test(e.message) || e.code === 'ETIMEDOUT')
    return `no answer from PostgreSQL at ${server} in 10 s: is it running, and is DATABASE_URL right?`;
  if (/terminated unexpectedly|ECONNRESET/.test(`${e.message} ${e.code}`))
    return `the server at ${server} is not PostgreSQL (it closed the connection): check DATABASE_URL`;
  return `PostgreSQL at ${where}: ${e.message}`;
}
