import { DEFAULT_LANGUAGE, firstSpokenLanguage, isLanguage, type Language } from '@deedwatch/rules';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { STATUS_CODES } from 'node:http';
import { LOCALES, translator } from '../i18n/index.ts';
import { HttpError } from '../lib/errors.ts';
import { ValidationError } from '../lib/schema.ts';
import { sessionCookieName } from './session.ts';

type Body = { statusCode: number; error: string; message: string };

function bodyFor(statusCode: number, message: string): Body {
  return { statusCode, error: STATUS_CODES[statusCode] ?? 'Error', message };
}

/** The languages of an Accept-Language header, most preferred first (by q, then order). */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .slice(0, 500)
    .split(',')
    .map((part, i) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), i };
    })
    .filter((l) => l.tag !== '' && l.tag !== '*' && l.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i)
    .map((l) => l.tag);
}

/**
 * The language an error is told in: the signed-in account's (by its session or its personal
 * access token, even when the token may not make this call), else the first language of the
 * Accept-Language header that we speak, else English.
 */
async function requestLanguage(
  request: FastifyRequest,
  languageOf?: (userId: string) => Promise<string | undefined>,
): Promise<Language> {
  const { caller, bearer } = request as {
    caller?: { userId: string } | null;
    bearer?: { userId: string } | null;
  };
  const account = caller ?? bearer;
  if (account && languageOf) {
    const language = await languageOf(account.userId).catch(() => undefined);
    if (isLanguage(language)) return language;
  }
  return (
    firstSpokenLanguage(acceptedLanguages(request.headers['accept-language'])) ?? DEFAULT_LANGUAGE
  );
}

/**
 * One error shape for the whole API. Below 500 the message is the error's own (written for a
 * person); at 500 and above the client gets a generic message and the details go to the log.
 * Driver errors and stack traces never reach a client. A message from the errors catalog is
 * told in the request's language (requestLanguage); English when nothing else is asked.
 */
export function registerErrorHandler(
  app: FastifyInstance,
  options: { https: boolean; languageOf?: (userId: string) => Promise<string | undefined> },
): void {
  const cookie = sessionCookieName(options.https);
  const clearOptions = { path: '/', ...(options.https ? { secure: true } : {}) };
  app.setErrorHandler(async (err: FastifyError, request, reply) => {
    // A 4xx is the client's doing, whatever its code: a client that hangs up mid-body is
    // refused 400 with ECONNRESET, which is no sign of the database going away.
    const status =
      typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500
        ? err.statusCode
        : databaseUnavailable(err)
          ? 503
          : typeof err.statusCode === 'number' && err.statusCode >= 500
            ? err.statusCode
            : 500;
    if (status >= 500) {
      request.log.error({ err }, 'request failed');
      if (status === 503 && !reply.hasHeader('retry-after')) {
        void reply.header('Retry-After', String(RETRY_AFTER_SECONDS));
      }
      const message =
        status === 503
          ? 'The service is briefly unavailable. Please try again in a moment.'
          : 'Something went wrong on our side. Please try again later.';
      return reply.status(status).send(bodyFor(status, message));
    }
    // Nobody is left to read the answer; an operator may still want to see that it happened.
    if (err.code === 'ECONNRESET') request.log.info('client closed the connection mid-request');
    // A 401 ends the browser's session, except the refusal of a spent or expired link opened
    // where someone is signed in: that says nothing about the session, which stays as it is.
    if (status === 401 && !(err instanceof HttpError && err.words?.key === 'errors.spentLink')) {
      void reply.clearCookie(cookie, clearOptions);
    }
    const language = await requestLanguage(request, options.languageOf);
    const message =
      err instanceof HttpError || err instanceof ValidationError
        ? err.messageIn(language)
        : publicMessage(err, status, request.routeOptions.bodyLimit, language);
    return reply.status(status).send(bodyFor(status, message));
  });
  app.decorateRequest('language', function (this: FastifyRequest) {
    return requestLanguage(this, options.languageOf);
  });
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The language the request is answered in (requestLanguage). */
    language: () => Promise<Language>;
  }
}

/**
 * The language `request` is answered in: as its errors are (requestLanguage), or by its
 * Accept-Language alone in an app without the error handler.
 */
export function languageOfRequest(request: FastifyRequest): Promise<Language> {
  return typeof request.language === 'function' ? request.language() : requestLanguage(request);
}

/** What a 503 asks a client to wait before it calls again: a database restart takes seconds. */
export const RETRY_AFTER_SECONDS = 5;

// Postgres SQLSTATE classes 08 (connection exception) and 57P (operator intervention: a
// shutdown or restart), 53300 (no connection left), and the socket errors of a server that is
// gone.
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  '53300',
]);

/**
 * True for an error that means the database cannot be reached right now: the client gets a 503
 * (try again) rather than a 500, and the server recovers on its own when the database is back.
 */
export function databaseUnavailable(err: unknown): boolean {
  const e = err as { code?: unknown; message?: unknown; cause?: unknown } | null;
  if (!e || typeof e !== 'object') return false;
  const code = typeof e.code === 'string' ? e.code : '';
  if (UNAVAILABLE_CODES.has(code) || code.startsWith('08') || code.startsWith('57P')) return true;
  const message = typeof e.message === 'string' ? e.message : '';
  if (
    /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable|too many clients already/i.test(
      message,
    )
  )
    return true;
  return e.cause !== undefined && e.cause !== err && databaseUnavailable(e.cause);
}

type Say = (key: string, values?: Record<string, string | number>) => string;

/** A body limit in words: 16 KiB, or the bytes when it is no whole number of KiB. */
export function sizeInWords(bytes: number, language: Language = 'en'): string {
  const say = translator(language) as unknown as Say;
  return bytes % 1024 === 0
    ? say('api.request.sizeKiB', { n: bytes / 1024 })
    : say('api.request.sizeBytes', { n: bytes.toLocaleString(LOCALES[language]) });
}

function publicMessage(
  err: FastifyError,
  status: number,
  bodyLimit: number,
  language: Language,
): string {
  const say = translator(language) as unknown as Say;
  switch (err.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return say('api.request.invalidJson');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      // The route's own limit: a client that knows it can split its list or shorten its text.
      return say('api.request.tooLarge', { size: sizeInWords(bodyLimit, language) });
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return say('api.request.mediaType');
    default:
      if (err.message?.includes('prototype property')) return say('api.request.notAllowedBody');
      return err.message || (STATUS_CODES[status] ?? 'Error');
  }
}

export { bodyFor as errorBodyFor };
