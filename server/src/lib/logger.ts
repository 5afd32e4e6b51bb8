import { type DestinationStream, type Logger, pino } from 'pino';
import type { Config } from '../config.ts';

export const REDACTED = '[redacted]';

// Query parameters that carry a sign-in or verification code or an address, in any letter case…
const SECRET_QUERY_KEYS = new Set(['code', 'email', 'token']);
// …and the staff user search's part of an address (the public search's SearchTerm is a name
// or a parcel from the public record, and stays).
const SECRET_QUERY_KEYS_EXACT = new Set(['searchTerm']);
// Pages whose next path segment is a code: the links in sign-in and verification mails.
const CODE_PAGES = new Set(['login-redirect', 'verify-email', 'verify-sms']);
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

const looksLikeEmail = (part: string) => decoded(part).includes('@');

/**
 * The URL as the log may keep it: the code after /login-redirect/, /verify-email/ and
 * /verify-sms/, the values of code, email, token and (the staff search's) searchTerm, and any
 * path segment or query value holding an @ are replaced by [redacted].
 */
export function redactUrl(url: string): string {
  if (url.length > MAX_URL_LENGTH) return `${REDACTED} (a URL of ${url.length} characters)`;
  const queryAt = url.indexOf('?');
  const pathPart = queryAt === -1 ? url : url.slice(0, queryAt);
  const segments = pathPart.split('/');
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i]!;
    if (segment === '') continue;
    if (i > 0 && CODE_PAGES.has(decoded(segments[i - 1]!).toLowerCase())) {
      segments[i] = REDACTED;
    } else if (looksLikeEmail(segment)) {
      segments[i] = REDACTED;
    }
  }
  let out = segments.join('/');
  if (queryAt !== -1) {
    const params = url
      .slice(queryAt + 1)
      .split('&')
      .map((param) => {
        const equals = param.indexOf('=');
        if (equals === -1) return looksLikeEmail(param) ? REDACTED : param;
        const key = param.slice(0, equals);
        const value = param.slice(equals + 1);
        const name = decoded(key);
        const secret =
          SECRET_QUERY_KEYS.has(name.toLowerCase()) ||
          SECRET_QUERY_KEYS_EXACT.has(name) ||
          looksLikeEmail(value);
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
        err: pino.stdSerializers.err,
        databaseUrl: redactDatabaseUrl,
      },
    },
    destination,
  );
}
