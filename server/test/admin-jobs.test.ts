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
  });
});
