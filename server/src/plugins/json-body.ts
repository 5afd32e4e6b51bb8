import type { FastifyInstance } from 'fastify';
import { badRequest } from '../lib/errors.ts';

export const ILL_FORMED_TEXT =
  'The request body holds text that is not valid Unicode: an escape \\ud800–\\udfff must be one half of a surrogate pair. Send the text as UTF-8, or escape each character outside the Basic Multilingual Plane as both halves of its pair.';

/**
 * Whether every string of a parsed JSON value, keys included, is well-formed UTF-16. JSON lets
 * a body escape half a surrogate pair (`"\ud800"`); such a string cannot be written to UTF-8,
 * and Postgres refuses it in a jsonb column. Walked with a stack of its own: a body may nest
 * as deep as its size allows.
 */
export function wellFormedJson(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === 'string') {
      if (!item.isWellFormed()) return false;
    } else if (Array.isArray(item)) {
      // One by one: spread into push, a long array would pass more arguments than V8 takes.
      for (const element of item) pending.push(element);
    } else if (item !== null && typeof item === 'object') {
      for (const [key, field] of Object.entries(item)) {
        if (!key.isWellFormed()) return false;
        pending.push(field);
      }
    }
  }
  return true;
}

/**
 * Fastify's own JSON body parser (with the app's settings for `__proto__` and `constructor`
 * keys), and a 400 for a body whose text is not valid Unicode, before any route reads it. An
 * empty body is no body, whatever its Content-Type: many HTTP clients send
 * `Content-Type: application/json` on every call, those that take no body (a DELETE) included.
 * A call that needs a body then fails its schema, naming what is missing, as without the header.
 */
export function registerJsonBody(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') return done(null, undefined);
    parse(request, body as string, (err, value) => {
      if (err) return done(err, undefined);
      if (!wellFormedJson(value)) return done(badRequest(ILL_FORMED_TEXT), undefined);
      done(null, value);
    });
  });
}
