import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaff, createSubscriber } from './helpers/factories.ts';
import { signInStaff, signInSubscriber } from './helpers/sign-in.ts';
import { startTestApp, type TestApp } from './helpers/test-app.ts';

const QUEUE = 'summary-test';

describe('GET /api/admin/jobs/summary', () => {
  let t: TestApp;
  beforeAll(async () => {
    // No worker works this queue: only the test moves its jobs.
    t = await startTestApp({ AUTH_RATE_LIMIT_PER_IP: '1000' });
    await t.boss.createQueue(QUEUE, { retryLimit: 0 });
  });
  afterAll(() => t.close());

  const summary = (cookie?: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/admin/jobs/summary',
      headers: cookie ? { cookie } : {},
    });

  it('is for admins only', async () => {
    expect((await summary()).statusCode).toBe(401);
    const subscriber = await createSubscriber(t.db, { verified: true });
    expect((await summary(await signInSubscriber(t, subscriber.email))).statusCode).toBe(403);
    const support = await createStaff(t.db, 'customersupport');
    expect((await summary(await signInStaff(t, support.email))).statusCode).toBe(403);
  });

  it('counts queued, active, failed and completed jobs per queue, with the oldest wait', async () => {
    const admin = await createStaff(t.db, 'admin');
    const cookie = await signInStaff(t, admin.email);
    const row = async () => {
      const res = await summary(cookie);
      expect(res.statusCode).toBe(200);
      type Row = { name: string; oldestQueuedAgeSeconds: number | null };
      return (res.json() as { queues: Row[] }).queues.find((q) => q.name === QUEUE);
    };
    expect(await row()).toEqual({
      name: QUEUE,
      queued: 0,
      active: 0,
      failed: 0,
      completed: 0,
      oldestQueuedAgeSeconds: null,
    });

    for (let i = 0; i < 4; i++) await t.boss.send(QUEUE, { i });
    const [first, second, third] = (await t.boss.fetch(QUEUE, { batchSize: 3 }))!;
    await t.boss.complete(QUEUE, first!.id);
    await t.boss.fail(QUEUE, second!.id, { reason: 'test' });
    expect(third).toBeDefined();

    const now = await row();
    expect(now).toMatchObject({ queued: 1, active: 1, failed: 1, completed: 1 });
    expect(now?.oldestQueuedAgeSeconds).toBeGreaterThanOrEqual(0);
    const names = ((await summary(cookie)).json() as { queues: { name: string }[] }).queues.map(
      (q) => q.name,
    );
    expect(names).toEqual(expect.arrayContaining(['send-mail', 'prune-expired', QUEUE]));
    // pg-boss's internal queues are left out.
    expect(names.filter((name) => name.startsWith('__pgboss__'))).toEqual([]);
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM pgboss.queue WHERE name LIKE '\_\_pgboss\_\_%'`.execute(t.db);
    expect(rows[0]!.n).toBeGreaterThan(0);
  });
});

describe('POST /api/admin/jobs/retry-failed', () => {
  const RETRIED = 'retry-test';
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ AUTH_RATE_LIMIT_PER_IP: '1000' });
    await t.boss.createQueue(RETRIED, { retryLimit: 0 });
  });
  afterAll(() => t.close());

  const retry = (queue: string, cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/admin/jobs/retry-failed',
      headers: { origin: t.config.appUrl, ...(cookie ? { cookie } : {}) },
      payload: { queue },
    });

  it("runs the queue's failed jobs again, leaves its other jobs alone, and audits it", async () => {
    const admin = await createStaff(t.db, 'admin');
    const cookie = await signInStaff(t, admin.email);
    for (let i = 0; i < 3; i++) await t.boss.send(RETRIED, { i });
    const [a, b, c] = (await t.boss.fetch(RETRIED, { batchSize: 3 }))!;
    await t.boss.fail(RETRIED, a!.id, { reason: 'first' });
    await t.boss.fail(RETRIED, b!.id, { reason: 'second' });
    await t.boss.complete(RETRIED, c!.id);

    const res = await retry(RETRIED, cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ queue: RETRIED, retried: 2 });
    const states = async () =>
      Object.fromEntries(
        (await Promise.all([a, b, c].map((j) => t.boss.getJobById(RETRIED, j!.id)))).map((j) => [
          j!.id,
          j!.state,
        ]),
      );
    expect(await states()).toEqual({ [a!.id]: 'retry', [b!.id]: 'retry', [c!.id]: 'completed' });
    // They are fetched again, as any retry is.
    expect((await t.boss.fetch(RETRIED, { batchSize: 5 }))!.map((j) => j.id).sort()).toEqual(
      [a!.id, b!.id].sort(),
    );
    // Nothing left to retry.
    expect((await retry(RETRIED, cookie)).json()).toEqual({ queue: RETRIED, retried: 0 });

    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'details'])
      .where('actor_id', '=', admin.id)
      .where('action', '=', 'jobs.retry_failed')
      .orderBy('id')
      .execute();
    expect(audit.map((e) => e.details)).toEqual([
      { queue: RETRIED, retried: 2 },
      { queue: RETRIED, retried: 0 },
    ]);
  });

  it('answers an unknown queue with a 404, and anyone but an admin with 401 or 403', async () => {
    const admin = await signInStaff(t, (await createStaff(t.db, 'admin')).email);
    const unknown = await retry('no-such-queue', admin);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('There is no job queue named no-such-queue.');
    expect((await retry(RETRIED)).statusCode).toBe(401);
    const support = await signInStaff(t, (await createStaff(t.db, 'customersupport')).email);
    expect((await retry(RETRIED, support)).statusCode).toBe(403);
  });
});
