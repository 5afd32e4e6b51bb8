import type { LightMyRequestResponse } from 'fastify';
import { SESSION_COOKIE } from '../../src/plugins/session.ts';

/** The `name=value` of the session cookie a response set, or undefined. */
export function sessionCookieOf(res: LightMyRequestResponse): string | undefined {
  const header = res.headers['set-cookie'];
  const all = Array.isArray(header) ? header : header ? [header] : [];
  const cookie = all.find(
    (c) => c.startsWith(`${SESSION_COOKIE}=`) && !c.startsWith(`${SESSION_COOKIE}=;`),
  );
  return cookie?.split(';')[0];
}
