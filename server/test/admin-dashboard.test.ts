import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaff, createSubscriber } from './helpers/factories.ts';
import { signInStaff, signInSubscriber } from './helpers/sign-in.ts';
import { startTestApp, type TestApp } from './helpers/test-app.ts';

describe('the pg-boss dashboard at /admin/jobs', () => {
  let t: TestApp;
  let adminCookie: string;
  beforeAll(async () => {
    t = await startTestApp({ AUTH_RATE_LIMIT_PER_IP: '1000' });
    adminCookie = await signInStaff(t, (await createStaff(t.db, 'admin')).email);
  });
  afterAll(() => t.close());

  const get = (url: string, cookie?: string, accept = 'text/html') =>
    t.app.inject({ method: 'GET', url, headers: { accept, ...(cookie ? { cookie } : {}) } });

  it('is refused to anonymous (401), subscribers and customer support (403), on every path', async () => {
    const subscriber = await signInSubscriber(
      t,
      (await createSubscriber(t.db, { verified: true })).email,
    );
    const support = await signInStaff(t, (await createStaff(t.db, 'customersupport')).email);
    for (const url of ['/admin/jobs', '/admin/jobs/queues', '/admin/jobs/assets/x.js']) {
      // A program is answered as the API answers.
      expect((await get(url, undefined, 'application/json')).statusCode).toBe(401);
      for (const cookie of [subscriber, support]) {
        const refused = await get(url, cookie, '*/*');
        expect(refused.statusCode).toBe(403);
        expect(refused.json().message).toBe('You do not have permission to do that.');
      }
      // A browser is sent to the staff sign-in, or told the page is for admins.
      const anonymous = await get(url);
      expect(anonymous.statusCode).toBe(303);
      expect(anonymous.headers.location).toBe('/admin-login');
      for (const cookie of [subscriber, support]) {
        const page = await get(url, cookie);
        expect(page.statusCode).toBe(403);
        expect(page.headers['content-type']).toContain('text/html');
        expect(page.body).toContain('<h1>Admins only</h1>');
        expect(page.body).toContain('<a href="/admin">Back to Admin</a>');
        expect(page.body).toContain('<a href="/">DeedWatch\'s home page</a>');
      }
    }
  });

  it("serves admins the dashboard, listing the app's queues, its inline scripts and nothing from elsewhere allowed", async () => {
    const page = await get('/admin/jobs', adminCookie);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    // The page asks for Google's web fonts; its policy lets nothing load from another origin.
    expect(page.body).toContain('https://fonts.googleapis.com');
    const policy = Object.fromEntries(
      String(page.headers['content-security-policy'])
        .split(';')
        .map((directive) => directive.trim().split(/\s+/))
        .map(([name, ...sources]) => [name, sources.join(' ')]),
    );
    expect(policy).toMatchObject({
      'default-src': "'self'",
      'script-src': "'self' 'unsafe-inline'",
      'style-src': "'self' 'unsafe-inline'",
      'font-src': "'self' data:",
      'connect-src': "'self'",
      'frame-ancestors': "'none'",
    });
    expect(page.headers['x-content-type-options']).toBe('nosniff');

    const queues = await get('/admin/jobs/queues', adminCookie);
    expect(queues.statusCode).toBe(200);
    expect(queues.body).toContain('send-mail');
    expect(queues.body).toContain('prune-expired');

    // Its assets come through the same mount.
    const asset = /(?:src|href)="(\/admin\/jobs\/[^"]+\.(?:js|css))"/.exec(page.body)?.[1];
    expect(asset).toBeDefined();
    expect((await get(asset!, adminCookie)).statusCode).toBe(200);
  });

  it('answers an address its database queries would fail on with a 4xx saying why', async () => {
    const refused: [string, number, string][] = [
      ['/admin/jobs/queues/%00', 400, 'The address holds a NUL character.'],
      ['/admin/jobs/queues?search=%00', 400, 'The address holds a NUL character.'],
      ['/admin/jobs/queues/send-mail?page=99999999999999999999', 400, 'page must be a whole'],
      ['/admin/jobs/warnings?page=-1', 400, 'page must be a whole'],
      ['/admin/jobs/queues/send-mail/jobs/abc', 404, 'No job has that id.'],
      ['/admin/jobs/queues?search=%E0%A4%A', 400, 'not valid percent-encoding'],
      ['/admin/jobs/jobs?minRetries=2147483648', 400, 'minRetries must be a whole number'],
      ['/admin/jobs/jobs?minRetries=1e9', 400, 'minRetries must be a whole number'],
    ];
    for (const [url, status, message] of refused) {
      const res = await get(url, adminCookie);
      expect(res.statusCode, url).toBe(status);
      expect(res.json().message, url).toContain(message);
    }
    // A page number and a retry count it can take are served.
    expect((await get('/admin/jobs/queues/send-mail?page=2', adminCookie)).statusCode).toBe(200);
    expect((await get('/admin/jobs/jobs?minRetries=3', adminCookie)).statusCode).toBe(200);
    for (const id of ['not-a-uuid', '%00']) {
      const res = await get(`/admin/jobs/jobs?id=${id}`, adminCookie);
      expect(res.statusCode, id).toBeLessThan(500);
    }
  });

  it('answers a form post it cannot read with a 4xx saying why', async () => {
    const post = (contentType: string, payload: string) =>
      t.app.inject({
        method: 'POST',
        url: '/admin/jobs/send',
        headers: {
          accept: 'text/html',
          cookie: adminCookie,
          origin: t.config.appUrl,
          'content-type': contentType,
        },
        payload,
      });
    const json = await post('application/json', '{"a":');
    expect(json.statusCode).toBe(415);
    expect(json.json().message).toBe(
      'Send the form as application/x-www-form-urlencoded or multipart/form-data.',
    );
    const broken = await post('multipart/form-data; boundary=X', '--X\r\nbroken');
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toBe('The form could not be read.');
  });

  /** A send-mail job that waits an hour, so no worker takes it while the test looks at it. */
  const waitingJob = async () => {
    const id = await t.boss.send('send-mail', { dashboard: 'test' }, { startAfter: 3600 });
    expect(id).toBeTruthy();
    return id!;
  };

  it("shows an admin a job's page", async () => {
    const id = await waitingJob();
    const page = await get(`/admin/jobs/queues/send-mail/jobs/${id}`, adminCookie);
    expect(page.statusCode, page.body.slice(0, 500)).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain(id);
  });

  it("cancels a job from its page's form", async () => {
    const id = await waitingJob();
    const res = await t.app.inject({
      method: 'POST',
      url: `/admin/jobs/queues/send-mail/jobs/${id}`,
      headers: {
        cookie: adminCookie,
        origin: t.config.appUrl,
        accept: 'text/html',
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: 'intent=cancel',
    });
    expect(res.statusCode, res.body.slice(0, 500)).toBe(200);
    const { rows } = await sql<{ state: string }>`
      SELECT state FROM pgboss.job WHERE id = ${id}::uuid`.execute(t.db);
    expect(rows).toEqual([{ state: 'cancelled' }]);
  });

  it('keeps the strict CSP everywhere else', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
  });
});
