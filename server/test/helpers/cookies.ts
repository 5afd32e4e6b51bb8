import type { LightMyRequestResponse } from 'fastify';
import { SESSION_COOKIE } from '../../src/plugins/session.ts';

/** The `name=value` of the session cookie a response set (either name), or undefined. */
export function sessionCookieOf(res: LightMyRequestResponse): string | undefined {
  const header = res.headers['set-cookie'];
  const all = Array.isArray(header) ? header : header ? [header] : [];
  const cookie = all.find((c) =>
    [SESSION_COOKIE, `__Host-${SESSION_COOKIE}`].some(
      (name) => c.startsWith(`${name}=`) && !c.startsWith(`${name}=;`),
    ),
  );
  return cookie?.split(';')[0];
}

/** The session id a session cookie (`name=value`) carries, without its signature. */
export function sessionIdOf(cookie: string): string {
  const value = decodeURIComponent(cookie.slice(cookie.indexOf('=') + 1));
  return value.slice(0, value.lastIndexOf('.'));
}
