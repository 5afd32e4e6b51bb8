import type { Language } from '@deedwatch/rules';
import type { errors } from '../i18n/en/errors.ts';
import { translator } from '../i18n/index.ts';

/** The key of a message in the errors catalog (i18n/en/errors.ts). */
export type ErrorKey = `errors.${keyof typeof errors}`;
export type ErrorValues = Record<string, string | number>;

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
  readonly words: { key: ErrorKey; values?: ErrorValues } | undefined;
  constructor(
    statusCode: number,
    message: string,
    words?: { key: ErrorKey; values?: ErrorValues },
  ) {
    super(message);
    this.name = 'HttpError';
    this.statusCode = statusCode;
    this.words = words;
  }

  /** The message in `language`: the catalog's when the error has a key, else its own. */
  messageIn(language: Language): string {
    return this.words ? say(language, this.words.key, this.words.values) : this.message;
  }
}

/** An error whose message is the catalog's entry `key`, in English on the error itself. */
export const said = (statusCode: number, key: ErrorKey, values?: ErrorValues) =>
  new HttpError(statusCode, say('en', key, values), { key, ...(values ? { values } : {}) });

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message?: string) =>
  message === undefined ? said(401, 'errors.signIn') : new HttpError(401, message);
export const forbidden = (message?: string) =>
  message === undefined ? said(403, 'errors.forbidden') : new HttpError(403, message);
export const notFound = (message: string) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
