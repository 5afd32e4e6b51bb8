/**
 * Why a connection to Postgres could not be opened, told in one line an operator can act on:
 * what failed (refused, no such host, no such database or role, authentication) and what to
 * check. The URL is shown with its password masked.
 */

type ErrorLike = {
  code?: unknown;
  message?: unknown;
  address?: unknown;
  port?: unknown;
  hostname?: unknown;
};

const MASK = '****';

/** The connection string as it may be printed: any password in it replaced by ****. */
export function maskedDatabaseUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return '(a DATABASE_URL that is not a URL)';
  }
  if (parsed.password) parsed.password = MASK;
  for (const key of [...parsed.searchParams.keys()]) {
    if (/pass|secret|key|token/i.test(key)) parsed.searchParams.set(key, MASK);
  }
  return parsed.toString().replaceAll(encodeURIComponent(MASK), MASK);
}

function hostOf(url: string): { host: string; database: string; user: string } {
  try {
    const parsed = new URL(url);
    return {
      host: parsed.host || 'localhost',
      database: decodeURIComponent(parsed.pathname.slice(1)) || '(the user name)',
      user: decodeURIComponent(parsed.username) || '(the operating system user)',
    };
  } catch {
    return { host: '(unknown)', database: '(unknown)', user: '(unknown)' };
  }
}

/** Postgres's own words, on one line and bounded. */
function said(message: string): string {
  return message.replace(/\s+/g, ' ').trim().slice(0, 300);
}

/**
 * What went wrong opening a connection and what to check, for an error from pg's connect; undefined
 * for an error that is no failure to connect (a SQL error of a statement that did run).
 */
export function connectionProblem(err: unknown, url: string): string | undefined {
  const e = (err ?? {}) as ErrorLike;
  if (typeof e !== 'object') return undefined;
  const code = typeof e.code === 'string' ? e.code : '';
  const message = typeof e.message === 'string' ? said(e.message) : '';
  const { host, database, user } = hostOf(url);
  switch (code) {
    case 'ECONNREFUSED':
      return `connection refused: nothing accepts connections at ${host}. Check the host and port in DATABASE_URL, and that Postgres is running.`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `the host in DATABASE_URL (${host}) cannot be found. Check its spelling, and this machine's DNS.`;
    case 'ETIMEDOUT':
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return `no answer from ${host} (${code}). Check the host and port in DATABASE_URL, and that no firewall stands between.`;
    case 'ECONNRESET':
      return `the server at ${host} closed the connection as it opened. Check that DATABASE_URL names a Postgres server, and its TLS setting (sslmode).`;
    case '3D000':
      return `no such database: ${database} does not exist on ${host} (Postgres says: ${message}). Check the database name in DATABASE_URL, or create it (createdb).`;
    case '28000':
      return noSuchRole(message)
        ? `no such role: ${user} does not exist on ${host} (Postgres says: ${message}). Check the user name in DATABASE_URL, or create the role (CREATE ROLE … LOGIN).`
        : `the server refuses this connection (Postgres says: ${message}). Check its pg_hba.conf for this user, database and address.`;
    case '28P01':
      return `authentication failed for ${user} (Postgres says: ${message}). Check the user name and password in DATABASE_URL.`;
    case '53300':
      return `the server has no connection left (Postgres says: ${message}). Check its max_connections against DATABASE_POOL_SIZE times the processes, or try again.`;
    case '57P03':
      return `the server is starting up or shutting down (Postgres says: ${message}). Try again in a moment.`;
  }
  if (/SASL|password must be a string/i.test(message)) {
    return `the server asks ${user} for a password and DATABASE_URL gives none. Put the password in DATABASE_URL.`;
  }
  if (/Connection terminated|timeout expired|ssl|self.signed|certificate/i.test(message)) {
    return `${message}. Check the host, port and TLS setting (sslmode) in DATABASE_URL.`;
  }
  return undefined;
}

/** Whether `err` is a failure to open (or keep) a connection, rather than a statement's. */
export function isConnectionFailure(err: unknown): boolean {
  return connectionProblem(err, '') !== undefined;
}

/** The whole line: which database, what failed, what to check. */
export function cannotConnect(err: unknown, url: string, embedded = false): string {
  const where = embedded
    ? `the embedded Postgres (${maskedDatabaseUrl(url)})`
    : `DATABASE_URL=${maskedDatabaseUrl(url)}`;
  const problem =
    connectionProblem(err, url) ??
    `${said(err instanceof Error ? err.message : String(err))}. Check DATABASE_URL and that Postgres is running.`;
  return `Cannot connect to the database at ${where}: ${problem}`;
}

/** Postgres's 'role "…" does not exist', read without a pattern over the server's words. */
function noSuchRole(message: string): boolean {
  const lower = message.toLowerCase();
  return lower.startsWith('role ') && lower.endsWith(' does not exist');
}
