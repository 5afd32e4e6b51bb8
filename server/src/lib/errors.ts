import type { Language } from '@deedwatch/rules';
import type { errors } from '../i18n/en/errors.ts';
import { translator } from '../i18n/index.ts';

/** The key of a message in the errors catalog (i18n/en/errors.ts). */
export type ErrorKey = `errors.${keyof typeof errors}`;
export type ErrorValues = Record<string, string | number>;
/** Values, or values that depend on the language (a country's name, a duration). */
export type ErrorWords = ErrorValues | ((language: Language) => ErrorValues);

/** A message said by catalog key, in `language`. */
function say(language: Language, key: ErrorKey, values?: ErrorValues): string {
  const t = translator(language) as unknown as (key: string, values?: ErrorValues) => string;
  return t(key, values);
}

/**
 * The one error hierarchy of the API. Services throw these; the error handler maps them to
 * `{statusCode, error, message}`. Messages are written for the person who reads them. An error
 * made by `said` also carries its catalog key, so the handler can answer in the language the
 * request asks for; its message is the English one, the answer when nothing else is asked.
 */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly words: { key: ErrorKey; values?: ErrorWords } | undefined;
  constructor(statusCode: number, message: string, words?: { key: ErrorKey; values?: ErrorWords }) {
    super(message);
    this.name = 'HttpError';
    this.statusCode = statusCode;
    this.words = words;
  }

  /** The message in `language`: the catalog's when the error has a key, else its own. */
  messageIn(language: Language): string {
    if (!this.words) return this.message;
    const { key, values } = this.words;
    return say(language, key, typeof values === 'function' ? values(language) : values);
  }
}

/** An error whose message is the catalog's entry `key`, in English on the error itself. */
export const said = (statusCode: number, key: ErrorKey, values?: ErrorWords) =>
  new HttpError(statusCode, say('en', key, typeof values === 'function' ? values('en') : values), {
    key,
    ...(values ? { values } : {}),
  });

/** How long to wait, in the reader's language: seconds under a minute, else minutes. */
const waitIn = (language: Language, ms: number) => {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  const [unit, count] = seconds < 60 ? ['second', seconds] : ['minute', Math.ceil(seconds / 60)];
  return new Intl.NumberFormat(language, { style: 'unit', unit, unitDisplay: 'long' }).format(
    count,
  );
};

/** A 429 saying how long to wait, `ms` from now, in the words of `key` (its `{{wait}}`). */
export const tooManyRequests = (ms: number, key: ErrorKey = 'errors.tooManyRequests') =>
  said(429, key, (language) => ({ wait: waitIn(language, ms) }));

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message?: string) =>
  message === undefined ? said(401, 'errors.signIn') : new HttpError(401, message);
export const forbidden = (message?: string) =>
  message === undefined ? said(403, 'errors.forbidden') : new HttpError(403, message);
export const notFound = (message: string) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
