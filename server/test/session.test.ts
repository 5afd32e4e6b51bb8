import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { up as hashSessionIds } from '../../migrations/20261125_0016_session_id_hash.ts';
import { type AppConfig, buildApp } from '../src/app.ts';
import type { Database } from '../src/db/database.ts';
import { registerSession, SESSION_COOKIE } from '../src/plugins/session.ts';
import { rotateSession } from '../src/plugins/session-lifecycle.ts';
import { sessionIdOf } from './helpers/cookies.ts';
import { createSubscriber } from './helpers/factories.ts';
import { startTestApp, type TestApp } from './helpers/test-app.ts';

// A route added for this file: signs a user in the way the accounts feature does. Added at the
// app's root, which has no session (search is served there), so it registers the session as the
// app does (the same store, cookie and secret) for itself.
function addSignInRoute(app: FastifyInstance, { db, config }: { db: Database; config: AppConfig }) {
  return app.register(async (scope) => {
    await registerSession(scope, db, {
      secret: config.sessionSecret,
      secure: config.appUrl.startsWith('https://'),
    });
    scope.post('/api/test/sign-in', { config: { access: 'public' } }, async (request) => {
      await rotateSession(request, db, {
        userId: (request.body as { userId: string }).userId,
        staff: false,
      });
      return {};
    });
  });
}

const signIn = (t: TestApp, userId: string) =>
  t.app.inject({ method: 'POST', url: '/api/test/sign-in', payload: { userId } });

function sessionCookie(
  setCookie: string | string[] | undefined,
  name: string = SESSION_COOKIE,
): string {
  const all = Array.isArray(setCookie) ? setCookie : [setCookie ?? ''];
  const cookie = all.find((c) => c.startsWith(`${name}=`));
  if (!cookie) throw new Error('no session cookie was set');
  return cookie;
}

async function countSessions(t: TestApp) {
  const row = await t.db
    .selectFrom('sessions')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('sessions', () => {
  let t: TestApp;
  let userId: string;
  let methodId: string;
  beforeAll(async () => {
    t = await startTestApp(
      {},
      {
        configure: addSignInRoute,
      },
    );
    const user = await createSubscriber(t.db, { email: 'owner@example.com' });
    userId = user.id;
    methodId = user.methodId;
  });
  afterAll(() => t.close());

  it('stores no session for anonymous requests', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(await countSessions(t)).toBe(0);
  });

  it('auth/me without a session is 401 and clears the cookie', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/me' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ statusCode: 401, error: 'Unauthorized' });
    expect(String(res.headers['set-cookie'])).toMatch(
      new RegExp(`${SESSION_COOKIE}=;.*Expires=Thu, 01 Jan 1970`),
    );
  });

  it('keeps a signed-in session in Postgres behind an HttpOnly, SameSite=Lax cookie', async () => {
    const res = await signIn(t, userId);
    const cookie = sessionCookie(res.headers['set-cookie']);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).not.toContain('Secure');
    const rows = await t.db.selectFrom('sessions').select(['user_id', 'expires_at']).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.user_id).toBe(userId);
    expect(rows[0]!.expires_at.getTime()).toBeGreaterThan(Date.now() + 13 * 86_400_000);

    const me = await t.app.inject({
      method: 'POST',
      url: '/api/auth/me',
      headers: { cookie: cookie.split(';')[0]! },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({
      id: userId,
      role: 'subscriber',
      language: 'en',
      email: 'owner@example.com',
      apnSubscriptions: [],
      nameSubscriptions: [],
      removedApnSubscriptions: [],
      removedNameSubscriptions: [],
      emailNotificationMethods: [
        {
          id: methodId,
          email: 'owner@example.com',
          verified: false,
          verifiedAt: null,
          notificationMethodType: 'Email',
          optedOut: false,
          undeliverable: null,
          textsCheckLevel: false,
        },
      ],
      trustedContacts: [],
      isImpersonated: false,
    });
  });

  it('stores only the SHA-256 of the session id, never the id a cookie carries', async () => {
    await t.db.deleteFrom('sessions').execute();
    const cookie = sessionCookie((await signIn(t, userId)).headers['set-cookie']).split(';')[0]!;
    const id = sessionIdOf(cookie);
    expect(id.length).toBeGreaterThan(20);
    const rows = await t.db.selectFrom('sessions').select(['sid', 'data']).execute();
    expect(rows.map((r) => r.sid)).toEqual([createHash('sha256').update(id).digest('hex')]);
    expect(JSON.stringify(rows)).not.toContain(id);
  });

  it('keeps sessions opened before ids were hashed: the migration hashes them in place', async () => {
    await t.db.deleteFrom('sessions').execute();
    const cookie = sessionCookie((await signIn(t, userId)).headers['set-cookie']).split(';')[0]!;
    // The row as it was stored before: under the id itself, which the store no longer reads.
    await t.db
      .updateTable('sessions')
      .set({ sid: sessionIdOf(cookie) })
      .execute();
    const me = () => t.app.inject({ method: 'POST', url: '/api/auth/me', headers: { cookie } });
    expect((await me()).statusCode).toBe(401);
    await hashSessionIds(t.db as unknown as Kysely<unknown>);
    const after = await me();
    expect(after.statusCode).toBe(200);
    expect(after.json().id).toBe(userId);
  });

  it('survives a restart: a new app over the same database accepts the cookie', async () => {
    const cookie = sessionCookie((await signIn(t, userId)).headers['set-cookie']).split(';')[0]!;
    const second = await buildApp(t.config, { db: t.db, mailSender: t.mailSender, logger: false });
    try {
      const me = await second.inject({ method: 'POST', url: '/api/auth/me', headers: { cookie } });
      expect(me.statusCode).toBe(200);
      expect(me.json().id).toBe(userId);
    } finally {
      await second.close();
    }
  });

  it('ignores an expired session row', async () => {
    const cookie = sessionCookie((await signIn(t, userId)).headers['set-cookie']).split(';')[0]!;
    await t.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .execute();
    const me = await t.app.inject({ method: 'POST', url: '/api/auth/me', headers: { cookie } });
    expect(me.statusCode).toBe(401);
  });

  it('logout deletes the session row and the cookie stops working', async () => {
    await t.db.deleteFrom('sessions').execute();
    const cookie = sessionCookie((await signIn(t, userId)).headers['set-cookie']).split(';')[0]!;
    expect(await countSessions(t)).toBe(1);
    const out = await t.app.inject({ method: 'GET', url: '/api/auth/logout', headers: { cookie } });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({});
    expect(await countSessions(t)).toBe(0);
    const me = await t.app.inject({ method: 'POST', url: '/api/auth/me', headers: { cookie } });
    expect(me.statusCode).toBe(401);
  });
});

describe('sessions over https', () => {
  let t: TestApp;
  let userId: string;
  beforeAll(async () => {
    // Behind a TLS-terminating proxy: TRUST_PROXY lets the app see the original https.
    t = await startTestApp(
      { APP_URL: 'https://deedwatch.example.com', TRUST_PROXY: '1' },
      {
        configure: addSignInRoute,
      },
    );
    userId = (await createSubscriber(t.db, { email: 'secure@example.com' })).id;
  });
  afterAll(() => t.close());

  it('names the cookie __Host-… and marks it Secure, Path=/, with no Domain', async () => {
    const plain = await t.app.inject({
      method: 'POST',
      url: '/api/test/sign-in',
      payload: { userId },
    });
    expect(plain.headers['set-cookie']).toBeUndefined();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/sign-in',
      payload: { userId },
      headers: { 'x-forwarded-proto': 'https' },
    });
    const cookie = sessionCookie(res.headers['set-cookie'], `__Host-${SESSION_COOKIE}`);
    expect(cookie).toContain('Secure');
    expect(cookie).toContain('Path=/;');
    expect(cookie).not.toMatch(/Domain=/i);
    expect(String(res.headers['set-cookie'])).not.toContain(`, ${SESSION_COOKIE}=`);

    const me = await t.app.inject({
      method: 'POST',
      url: '/api/auth/me',
      headers: { 'x-forwarded-proto': 'https', cookie: cookie.split(';')[0]! },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().id).toBe(userId);
  });

  it('clears the __Host- cookie, Secure, when a call answers 401', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/me',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(res.statusCode).toBe(401);
    expect(String(res.headers['set-cookie'])).toMatch(
      new RegExp(`^__Host-${SESSION_COOKIE}=;.*Path=/;.*Secure`),
    );
  });
});
