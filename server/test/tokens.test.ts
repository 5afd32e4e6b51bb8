import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../src/lib/logger.ts';
import {
  generateToken,
  TOKEN_PATTERN,
  wellFormedToken,
} from '../src/modules/tokens/token-format.ts';
import { MAX_ACTIVE_TOKENS } from '../src/modules/tokens/tokens.schemas.ts';
import { sessionCookieOf } from './helpers/cookies.ts';
import { createStaff, createSubscriber, uniqueEmail } from './helpers/factories.ts';
import { codeFrom, waitForMail } from './helpers/mail.ts';
import { signInStaff, signInSubscriber } from './helpers/sign-in.ts';
import { NO_RATE_LIMITS, startTestApp, type TestApp } from './helpers/test-app.ts';

// Personal access tokens: made from a session, shown once, kept as a hash, used as
// `Authorization: Bearer`, limited to their scopes and to the subscriber's own calls, revoked at
// once, audited, rate limited, and never written to the log.

type Scope = 'read' | 'write';

describe('personal access tokens', () => {
  let t: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    t = await startTestApp(
      { ...NO_RATE_LIMITS, TOKEN_RATE_LIMIT_PER_MINUTE: '1000' },
      { logger: createLogger('debug', { write: (line: string) => void lines.push(line) }) },
    );
  });
  afterAll(() => t.close());

  const origin = () => ({ origin: t.config.appUrl });

  async function subscriber() {
    const user = await createSubscriber(t.db, { verified: true });
    return { ...user, cookie: await signInSubscriber(t, user.email) };
  }

  async function createToken(
    cookie: string,
    body: { name?: string; scopes?: Scope[]; expiresInDays?: number } = {},
  ) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/tokens',
      headers: { cookie, ...origin() },
      payload: { name: 'script', scopes: ['read', 'write'], ...body },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { token: { id: string; scopes: Scope[] }; secret: string };
  }

  const withToken = (
    secret: string,
    method: 'GET' | 'POST' | 'DELETE' | 'PATCH',
    url: string,
    payload?: object,
    extra: { remoteAddress?: string; cookie?: string } = {},
  ) =>
    t.app.inject({
      method,
      url,
      headers: {
        authorization: `Bearer ${secret}`,
        ...(extra.cookie ? { cookie: extra.cookie } : {}),
      },
      ...(extra.remoteAddress ? { remoteAddress: extra.remoteAddress } : {}),
      ...(payload ? { payload } : {}),
    });

  const auditOf = (userId: string) =>
    t.db
      .selectFrom('audit_log')
      .select(['action', 'details'])
      .where('actor_id', '=', userId)
      .orderBy('id')
      .execute();

  it('creates a token, calls with it, revokes it, and then answers 401 saying so', async () => {
    const me = await subscriber();
    const { token, secret } = await createToken(me.cookie, { name: 'Nightly sync' });
    expect(secret).toMatch(TOKEN_PATTERN);
    expect(wellFormedToken(secret)).toBe(true);
    expect(token.scopes).toEqual(['read', 'write']);

    // Only the SHA-256 is kept: nothing in the row is the secret.
    const row = await t.db
      .selectFrom('personal_access_tokens')
      .selectAll()
      .where('id', '=', token.id)
      .executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(createHash('sha256').update(secret).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(secret.slice(11));

    const res = await withToken(secret, 'POST', '/api/auth/me', undefined, {
      remoteAddress: '198.51.100.20',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().email).toBe(me.email);
    // No session is opened for a token call.
    expect(sessionCookieOf(res)).toBeUndefined();

    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/tokens',
      headers: { cookie: me.cookie },
    });
    expect(listed.statusCode).toBe(200);
    const [shown] = listed.json().tokens;
    expect(shown).toMatchObject({
      id: token.id,
      name: 'Nightly sync',
      status: 'active',
      lastUsedIp: '198.51.100.20',
      hint: `${secret.slice(0, 11)}…`,
    });
    expect(shown.lastUsedAt).not.toBeNull();
    expect(listed.body).not.toContain(secret);

    const revoked = await t.app.inject({
      method: 'DELETE',
      url: `/api/tokens/${token.id}`,
      headers: { cookie: me.cookie, ...origin() },
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json().status).toBe('revoked');
    // Revoking it again answers the same, keeping the first time, and is not audited twice.
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/tokens/${token.id}`,
      headers: { cookie: me.cookie, ...origin() },
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(revoked.json());

    const after = await withToken(secret, 'POST', '/api/auth/me');
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toMatch(/revoked/);
    expect(after.headers['www-authenticate']).toContain('error="invalid_token"');

    expect((await auditOf(me.id)).map((a) => a.action)).toEqual([
      'token.create',
      'token.new_ip',
      'token.revoke',
    ]);
  });

  it('refuses a read token a write call, and a write token a read call, naming the scope', async () => {
    const me = await subscriber();
    const read = await createToken(me.cookie, { scopes: ['read'] });
    const write = await createToken(me.cookie, { scopes: ['write'] });

    const refused = await withToken(read.secret, 'POST', '/api/webhooks', {
      url: 'https://hooks.example.com/deedwatch',
      eventTypes: ['event.created'],
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/needs a token with the write scope/);
    expect(refused.headers['www-authenticate']).toContain('error="insufficient_scope"');
    expect(refused.headers['www-authenticate']).toContain('scope="write"');
    expect(await t.db.selectFrom('webhook_endpoints').selectAll().execute()).toEqual([]);

    expect((await withToken(read.secret, 'GET', '/api/webhooks')).statusCode).toBe(200);
    expect((await withToken(read.secret, 'POST', '/api/auth/me')).statusCode).toBe(200);

    const noRead = await withToken(write.secret, 'GET', '/api/webhooks');
    expect(noRead.statusCode).toBe(403);
    expect(noRead.json().message).toMatch(/read scope/);
  });

  it('never lets a token call a staff route, even beside a staff session cookie', async () => {
    const me = await subscriber();
    const { secret } = await createToken(me.cookie);
    const admin = await createStaff(t.db, 'admin');
    const adminCookie = await signInStaff(t, admin.email);

    for (const url of ['/api/admin/users', '/api/admin/metrics', '/api/admin/audit']) {
      const res = await withToken(secret, 'GET', url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().message).toMatch(/never call staff routes/);
      // The cookie of a signed-in admin does not ride along with the token.
      const both = await withToken(secret, 'GET', url, undefined, { cookie: adminCookie });
      expect(both.statusCode, url).toBe(403);
    }
    const impersonate = await withToken(
      secret,
      'POST',
      '/api/admin/impersonate',
      { userId: me.id },
      { cookie: adminCookie },
    );
    expect(impersonate.statusCode).toBe(403);
    // The pg-boss dashboard is outside the API: with a token the request is anonymous there.
    const jobs = await withToken(secret, 'GET', '/admin/jobs', undefined, { cookie: adminCookie });
    expect(jobs.statusCode).toBe(401);
    // And the admin's own session is untouched.
    const still = await t.app.inject({
      method: 'GET',
      url: '/api/admin/users',
      headers: { cookie: adminCookie },
    });
    expect(still.statusCode).toBe(200);
  });

  it("acts as the token's subscriber, not as the session the browser also sends", async () => {
    const a = await subscriber();
    const b = await subscriber();
    const { secret } = await createToken(b.cookie, { scopes: ['read'] });
    const res = await withToken(secret, 'POST', '/api/auth/me', undefined, { cookie: a.cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json().email).toBe(b.email);
  });

  it('takes an empty Bearer for a token request: 401 saying what is missing, never the cookie', async () => {
    const me = await subscriber();
    // What a script sends when its token variable is unset, in any letter case.
    for (const authorization of ['Bearer', 'Bearer ', 'bearer', 'BEARER   ']) {
      for (const cookie of [me.cookie, undefined]) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/auth/me',
          headers: { authorization, ...(cookie ? { cookie } : {}) },
        });
        expect(res.statusCode, `${authorization} ${cookie ? 'with' : 'without'} a cookie`).toBe(
          401,
        );
        expect(res.json().message).toMatch(/says Bearer but holds no token/);
        expect(res.headers['www-authenticate']).toMatch(
          /^Bearer realm="DeedWatch API", error="invalid_request", error_description="[^"]*holds no token[^"]*"$/,
        );
      }
    }
    // Another scheme is not ours: the session still answers.
    const basic = await t.app.inject({
      method: 'POST',
      url: '/api/auth/me',
      headers: { authorization: 'Basic dXNlcjpwYXNz', cookie: me.cookie },
    });
    expect(basic.statusCode).toBe(200);
  });

  it('manages tokens from a session only, never with a token, never for staff or while impersonating', async () => {
    const me = await subscriber();
    const { token, secret } = await createToken(me.cookie);
    const made = await withToken(secret, 'POST', '/api/tokens', { name: 'x', scopes: ['read'] });
    expect(made.statusCode).toBe(403);
    expect(made.json().message).toMatch(/signed-in browser session/);
    expect((await withToken(secret, 'GET', '/api/tokens')).statusCode).toBe(403);
    expect((await withToken(secret, 'DELETE', `/api/tokens/${token.id}`)).statusCode).toBe(403);

    const staff = await createStaff(t.db, 'customersupport');
    const staffCookie = await signInStaff(t, staff.email);
    const staffMade = await t.app.inject({
      method: 'POST',
      url: '/api/tokens',
      headers: { cookie: staffCookie, ...origin() },
      payload: { name: 'x', scopes: ['read'] },
    });
    expect(staffMade.statusCode).toBe(403);
    expect(staffMade.json().message).toMatch(/subscriber accounts/);

    const impersonated = await createSubscriber(t.db, { verified: true });
    const switched = await t.app.inject({
      method: 'POST',
      url: '/api/admin/impersonate',
      headers: { cookie: staffCookie, ...origin() },
      payload: { userId: impersonated.id },
    });
    expect(switched.statusCode).toBe(200);
    const asSubscriber = sessionCookieOf(switched)!;
    const whileImpersonating = await t.app.inject({
      method: 'POST',
      url: '/api/tokens',
      headers: { cookie: asSubscriber, ...origin() },
      payload: { name: 'x', scopes: ['read'] },
    });
    expect(whileImpersonating.statusCode).toBe(403);
    const count = await t.db
      .selectFrom('personal_access_tokens')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('user_id', 'in', [impersonated.id, staff.id])
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it('cannot be turned into a session: an email a write token adds signs nobody in when verified', async () => {
    const me = await subscriber();
    const { secret } = await createToken(me.cookie, { scopes: ['write'] });
    const stranger = uniqueEmail('token-holder');
    const added = await withToken(secret, 'POST', '/api/user/notifications/add', {
      email: stranger,
      notificationMethodType: 'Email',
    });
    expect(added.statusCode).toBe(200);
    const mail = await waitForMail(t.db, stranger, /Confirm your DeedWatch alert email/);

    const verified = await t.app.inject({
      method: 'POST',
      url: `/api/auth/verify-email?code=${codeFrom(mail.text_body, 'verify-email')}`,
    });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ verified: 'Email' });
    // No session for the account, so no way to make tokens of its own beyond the one it held.
    expect(sessionCookieOf(verified)).toBeUndefined();
  });

  it('says why a token is refused: not ours, unknown, expired', async () => {
    const me = await subscriber();
    const malformed = await withToken('ghp_notours', 'POST', '/api/auth/me');
    expect(malformed.statusCode).toBe(401);
    expect(malformed.json().message).toMatch(/not a DeedWatch personal access token/);

    const unknown = await withToken(generateToken(), 'POST', '/api/auth/me');
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().message).toMatch(/not known/);

    const { token, secret } = await createToken(me.cookie, { expiresInDays: 30 });
    const row = await t.db
      .selectFrom('personal_access_tokens')
      .select(['expires_at', 'created_at'])
      .where('id', '=', token.id)
      .executeTakeFirstOrThrow();
    expect(row.expires_at!.getTime() - row.created_at.getTime()).toBeGreaterThan(29.9 * 86_400_000);
    expect((await withToken(secret, 'POST', '/api/auth/me')).statusCode).toBe(200);
    await t.db
      .updateTable('personal_access_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', token.id)
      .execute();
    const expired = await withToken(secret, 'POST', '/api/auth/me');
    expect(expired.statusCode).toBe(401);
    expect(expired.json().message).toMatch(/expired on/);

    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/auth/me',
      headers: { authorization: 'Bearer ' },
    });
    expect(empty.statusCode).toBe(401);
    expect(empty.json().message).toMatch(/holds no token/);
  });

  it('audits a use from an address the token has not been used from, once per address', async () => {
    const me = await subscriber();
    const { secret } = await createToken(me.cookie, { scopes: ['read'] });
    for (const address of ['192.0.2.10', '192.0.2.10', '192.0.2.11', '192.0.2.10']) {
      const res = await withToken(secret, 'POST', '/api/auth/me', undefined, {
        remoteAddress: address,
      });
      expect(res.statusCode).toBe(200);
    }
    const audits = (await auditOf(me.id)).filter((a) => a.action === 'token.new_ip');
    expect(audits.map((a) => (a.details as { ip: string }).ip)).toEqual([
      '192.0.2.10',
      '192.0.2.11',
    ]);
  });

  it(`holds at most ${MAX_ACTIVE_TOKENS} active tokens per account`, async () => {
    const me = await subscriber();
    for (let i = 0; i < MAX_ACTIVE_TOKENS; i++) await createToken(me.cookie, { name: `t${i}` });
    const oneMore = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/tokens',
        headers: { cookie: me.cookie, ...origin() },
        payload: { name: 'one more', scopes: ['read'] },
      });
    const res = await oneMore();
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      `You have ${MAX_ACTIVE_TOKENS} active tokens, the most an account may hold: revoke one you no longer use first.`,
    );

    // The same account in Spanish is told in Spanish, and so of a token that is not its own.
    await t.db.updateTable('users').set({ language: 'es' }).where('id', '=', me.id).execute();
    const spanish = await oneMore();
    expect(spanish.statusCode).toBe(409);
    expect(spanish.json().message).toBe(
      `Ya tiene ${MAX_ACTIVE_TOKENS} tokens activos, el máximo por cuenta: revoque primero uno que ya no use.`,
    );
    const unknown = await t.app.inject({
      method: 'DELETE',
      url: '/api/tokens/00000000-0000-4000-8000-000000000001',
      headers: { cookie: me.cookie, ...origin() },
    });
    expect(unknown.statusCode, unknown.body).toBe(404);
    expect(unknown.json().message).toBe('Ese token no está entre los suyos.');
  });

  it('never writes a token or its hash to the log', async () => {
    const me = await subscriber();
    const { secret } = await createToken(me.cookie);
    await withToken(secret, 'POST', '/api/auth/me');
    await withToken(secret, 'GET', `/api/webhooks?token=${secret}`);
    // Where clients put a bearer token when they do not send the header: RFC 6750's query
    // name and others, and a path (revoking by the secret instead of the id).
    await withToken(secret, 'GET', `/api/webhooks?access_token=${secret}&api_key=${secret}`);
    await withToken(secret, 'GET', `/api/webhooks?q=${secret}`);
    await withToken(secret, 'DELETE', `/api/tokens/${secret}`);
    await withToken(`${secret.slice(0, -1)}0`, 'POST', '/api/auth/me');
    const log = lines.join('');
    expect(log).toContain('/api/auth/me');
    expect(log).toContain('/api/webhooks?access_token=[redacted]&api_key=[redacted]');
    expect(log).toContain('/api/tokens/[redacted]');
    expect(log).not.toContain(secret.slice(7, 30));
    expect(log).not.toContain(createHash('sha256').update(secret).digest('hex'));
  });
});

describe('personal access token limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({
      ...NO_RATE_LIMITS,
      TOKEN_RATE_LIMIT_PER_MINUTE: '3',
      AUTH_RATE_LIMIT_PER_IP: '3',
    });
  });
  afterAll(() => t.close());

  /** A read token of a new subscriber. */
  async function readToken(name: string): Promise<string> {
    const user = await createSubscriber(t.db, { verified: true });
    const cookie = await signInSubscriber(t, user.email);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/tokens',
      headers: { cookie, origin: t.config.appUrl },
      payload: { name, scopes: ['read'] },
    });
    return (created.json() as { secret: string }).secret;
  }

  it('limits each token per minute and says so in RateLimit-* headers', async () => {
    const secret = await readToken('busy');
    const call = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/me',
        headers: { authorization: `Bearer ${secret}` },
      });
    const remaining: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await call();
      expect(res.statusCode).toBe(200);
      expect(res.headers['ratelimit-limit']).toBe('3');
      remaining.push(String(res.headers['ratelimit-remaining']));
    }
    expect(remaining).toEqual(['2', '1', '0']);
    const limited = await call();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/more than 3 calls this minute/);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.headers['ratelimit-remaining']).toBe('0');
  });

  it('answers 429 to an address that keeps sending invalid tokens, without saying why they fail', async () => {
    const call = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/me',
        headers: { authorization: `Bearer ${generateToken()}` },
        remoteAddress: '203.0.113.99',
      });
    for (let i = 0; i < 3; i++) expect((await call()).statusCode).toBe(401);
    const blocked = await call();
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/Too many invalid tokens/);
    // Another address is not held back.
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${generateToken()}` },
      remoteAddress: '203.0.113.98',
    });
    expect(other.statusCode).toBe(401);
  });

  it('looks up no more invalid tokens than the limit when they come at once', async () => {
    const statuses = await Promise.all(
      Array.from({ length: 12 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/me',
          headers: { authorization: `Bearer ${generateToken()}` },
          remoteAddress: '203.0.113.77',
        }),
      ),
    );
    // Three looked up and refused as unknown (401), the rest refused unread (429).
    expect(statuses.map((r) => r.statusCode).sort()).toEqual([
      ...Array(3).fill(401),
      ...Array(9).fill(429),
    ]);
  });

  it('lets a good token through from an address that used up its allowance, and tells the rest when to come back', async () => {
    const secret = await readToken('shared address');
    const address = '203.0.113.55';
    const call = (token: string, language?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/me',
        headers: {
          authorization: `Bearer ${token}`,
          ...(language ? { 'accept-language': language } : {}),
        },
        remoteAddress: address,
      });
    for (let i = 0; i < 3; i++) expect((await call(generateToken())).statusCode).toBe(401);
    // Ten minutes of the fifteen gone: five left to wait, not fifteen.
    await t.db
      .updateTable('rate_limits')
      .set({ window_started_at: new Date(Date.now() - 10 * 60 * 1000) })
      .where(
        'key',
        '=',
        `bearer-failed:${createHash('sha256').update(address).digest('base64url')}`,
      )
      .execute();
    const blocked = await call(generateToken());
    expect(blocked.statusCode).toBe(429);
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(5 * 60 - 30);
    expect(retryAfter).toBeLessThanOrEqual(5 * 60);
    expect(blocked.json().message).toBe(
      'Too many invalid tokens from your address. Please try again in 5 minutes; a valid token still works meanwhile.',
    );
    expect((await call(generateToken(), 'es')).json().message).toMatch(
      /^Demasiados tokens no válidos .* dentro de 5 minutos/,
    );

    const good = await call(secret);
    expect(good.statusCode, good.body).toBe(200);
    expect((await call(generateToken())).statusCode).toBe(429);
  });

  it('lets a good token through from an address with failures, without using up the allowance', async () => {
    const secret = await readToken('script');
    const call = (token: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/me',
        headers: { authorization: `Bearer ${token}` },
        remoteAddress: '203.0.113.66',
      });
    expect((await call(generateToken())).statusCode).toBe(401);
    expect((await call(generateToken())).statusCode).toBe(401);
    // Good calls, more of them than the limit, leave the two failures where they were.
    for (let i = 0; i < 3; i++) expect((await call(secret)).statusCode).toBe(200);
    expect((await call(generateToken())).statusCode).toBe(401);
    expect((await call(generateToken())).statusCode).toBe(429);
  });
});
