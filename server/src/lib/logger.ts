import { type DestinationStream, type Logger, pino } from 'pino';
import type { Config } from '../config.ts';

export const REDACTED = '[redacted]';

// Query parameters and body fields that carry a sign-in or verification code or another
// credential, in any letter case: these names…
const CREDENTIAL_KEYS = new Set([
  'code',
  'otp',
  'key',
  'apikey',
  'api_key',
  'sig',
  'signature',
  'session',
  'sessionid',
  'sid',
  'auth',
  'authorization',
  'pwd',
]);
// …and any name holding one of these (access_token, client_secret, newPassword, …).
const SECRET_KEY_PARTS = ['token', 'secret', 'passw'];
// …and, in a URL, an address, and the staff user search's part of one (the public search's
// SearchTerm is a name or a parcel from the public record, and stays).
const ADDRESS_QUERY_KEYS = new Set(['email']);
const ADDRESS_QUERY_KEYS_EXACT = new Set(['searchTerm']);
// Pages whose next path segment is a code: the links in sign-in, verification and trusted
// contacts' mails.
const CODE_PAGES = [
  'login-redirect',
  'verify-email',
  'verify-sms',
  'trusted-contact/accept',
  'trusted-contact/stop',
].map((page) => page.split('/'));
// A personal access token (modules/tokens/token-format.ts), wherever a client put it.
const ACCESS_TOKEN_PREFIX = 'dw_pat_';
// Node refuses request heads over 16 KB; a longer string is not a URL it parsed.
const MAX_URL_LENGTH = 16 * 1024;
const MAX_LOGGED_URL_LENGTH = 2048;

function decoded(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

/** Whether a query parameter or body field of this name holds a code or a credential. */
export function isCredentialKey(name: string): boolean {
  const lower = name.toLowerCase();
  return CREDENTIAL_KEYS.has(lower) || SECRET_KEY_PARTS.some((part) => lower.includes(part));
}

/**
 * `value` with the value of every field isCredentialKey names, and every string holding a
 * personal access token, replaced by [redacted], at any depth: what an audit entry may keep of
 * a request's body.
 */
export function withoutCredentials(value: unknown): unknown {
  if (typeof value === 'string') {
    return value.toLowerCase().includes(ACCESS_TOKEN_PREFIX) ? REDACTED : value;
  }
  if (Array.isArray(value)) return value.map(withoutCredentials);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, field]) => [
      key,
      isCredentialKey(key) ? REDACTED : withoutCredentials(field),
    ]),
  );
}

/** An address or a personal access token, encoded or not. */
function looksSecret(part: string): boolean {
  const text = decoded(part);
  return text.includes('@') || text.toLowerCase().includes(ACCESS_TOKEN_PREFIX);
}

/** Whether the segments before `i` end with one of the pages whose next segment is a code. */
function followsCodePage(segments: readonly string[], i: number): boolean {
  return CODE_PAGES.some(
    (page) =>
      i >= page.length &&
      page.every((part, k) => decoded(segments[i - page.length + k]!).toLowerCase() === part),
  );
}

/**
 * The URL as the log may keep it: the code after /login-redirect/, /verify-email/,
 * /verify-sms/, /trusted-contact/accept/ and /trusted-contact/stop/; the values of code,
 * token and every other name isCredentialKey knows, email, and (the staff search's) searchTerm; and
 * any path segment or query value holding an @ or a personal access token are replaced by
 * [redacted].
 */
export function redactUrl(url: string): string {
  if (url.length > MAX_URL_LENGTH) return `${REDACTED} (a URL of ${url.length} characters)`;
  const queryAt = url.indexOf('?');
  const pathPart = queryAt === -1 ? url : url.slice(0, queryAt);
  const segments = pathPart.split('/');
  for (let i = 0; i < segments.length; i++) {
    if (segments[i] === '') continue;
    if (followsCodePage(segments, i) || looksSecret(segments[i]!)) segments[i] = REDACTED;
  }
  let out = segments.join('/');
  if (queryAt !== -1) {
    const params = url
      .slice(queryAt + 1)
      .split('&')
      .map((param) => {
        const equals = param.indexOf('=');
        if (equals === -1) return looksSecret(param) ? REDACTED : param;
        const key = param.slice(0, equals);
        const value = param.slice(equals + 1);
        const name = decoded(key);
        const secret =
          isCredentialKey(name) ||
          ADDRESS_QUERY_KEYS.has(name.toLowerCase()) ||
          ADDRESS_QUERY_KEYS_EXACT.has(name) ||
          looksSecret(value);
        return secret ? `${key}=${REDACTED}` : param;
      });
    out += `?${params.join('&')}`;
  }
  return out.length > MAX_LOGGED_URL_LENGTH ? `${out.slice(0, MAX_LOGGED_URL_LENGTH)}…` : out;
}

/** A connection string without its password. */
export function redactDatabaseUrl(url: unknown): unknown {
  if (typeof url !== 'string') return url;
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = 'redacted';
    return parsed.toString();
  } catch {
    return REDACTED;
  }
}

type LoggedRequest = {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: { remoteAddress?: string; remotePort?: number };
};

/** Fastify's request serializer, with the URL redacted. */
function serializeRequest(req: LoggedRequest) {
  return {
    method: req.method,
    url: typeof req.url === 'string' ? redactUrl(req.url) : undefined,
    host: req.host,
    remoteAddress: req.ip ?? req.socket?.remoteAddress,
    remotePort: req.socket?.remotePort,
  };
}

// Wherever headers end up in a log line, the session cookie and credentials do not.
const SECRET_HEADERS = [
  'cookie',
  'set-cookie',
  'authorization',
  'x-postmark-server-token',
  'x-twilio-signature',
];
const REDACT_PATHS = SECRET_HEADERS.flatMap((name) => {
  const key = name.includes('-') ? `["${name}"]` : `.${name}`;
  return [`headers${key}`, `*.headers${key}`, `*.*.headers${key}`];
});

// What Postgres quotes of the data a statement sent: a unique key's value (`Key (email)=(…)`),
// the text around a character it refused (`JSON data, line 1: …`), the statement of a function.
const DATABASE_ERROR_DATA = ['detail', 'where', 'internalQuery'];

type SerializedError = ReturnType<typeof pino.stdSerializers.err> & Record<string, unknown>;

function withoutDatabaseData(err: SerializedError): SerializedError {
  for (const field of DATABASE_ERROR_DATA) delete err[field];
  for (const inner of Object.values(err)) {
    const nested = Array.isArray(inner) ? inner : [inner];
    for (const item of nested) {
      if (item !== null && typeof item === 'object' && 'stack' in item) {
        withoutDatabaseData(item as SerializedError);
      }
    }
  }
  return err;
}

/**
 * pino's error serializer without the parts of a Postgres error that quote the data, here or in
 * an error it holds: the code, constraint, table and column still say what went wrong.
 */
export const serializeError = (err: Error) =>
  withoutDatabaseData(pino.stdSerializers.err(err) as SerializedError);

/**
 * The process's logger. No sign-in or verification code, session id or email address in a URL
 * or header reaches it: codes, cookies and addresses are replaced by [redacted].
 */
export function createLogger(level: Config['logLevel'], destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      redact: { paths: REDACT_PATHS, censor: REDACTED },
      serializers: {
        req: serializeRequest,
        res: (reply: { statusCode?: number }) => ({ statusCode: reply.statusCode }),
        err: serializeError,
        databaseUrl: redactDatabaseUrl,
      },
    },
    destination,
  );
}
