import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRUNE_EXPIRED, QUEUES, SEND_ALERT, SEND_MAIL } from '../src/jobs/queues.ts';
import { startTestApp, type TestApp } from './helpers/test-app.ts';
import { waitFor } from './helpers/wait.ts';

describe('workers on the real pg-boss', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('schedules the prune-expired cron', async () => {
    const schedules = await t.boss.getSchedules();
    expect(schedules.map((s) => s.name)).toContain(PRUNE_EXPIRED);
  });

  it('prune-expired deletes expired sessions and old rate-limit windows, and keeps live ones', async () => {
    const past = new Date(Date.now() - 60_000);
    const future = new Date(Date.now() + 3_600_000);
    await t.db
      .insertInto('sessions')
      .values([
        { sid: 'expired', data: '{}', user_id: null, expires_at: past },
        { sid: 'live', data: '{}', user_id: null, expires_at: future },
      ])
      .execute();
    await t.db
      .insertInto('rate_limits')
      .values([
        { key: 'old', window_started_at: new Date(Date.now() - 2 * 86_400_000), hits: 3 },
        { key: 'current', window_started_at: new Date(), hits: 1 },
      ])
      .execute();
    await t.boss.send(PRUNE_EXPIRED, {});
    const remaining = await waitFor('the expired session to be pruned', async () => {
      const rows = await t.db.selectFrom('sessions').select('sid').execute();
      return rows.length === 1 ? rows : undefined;
    });
    expect(remaining.map((r) => r.sid)).toEqual(['live']);
    const windows = await waitFor('the old rate-limit window to be pruned', async () => {
      const rows = await t.db.selectFrom('rate_limits').select('key').execute();
      return rows.length === 1 ? rows : undefined;
    });
    expect(windows.map((r) => r.key)).toEqual(['current']);
  });

  it('wakes the worker of an alert or mail queue when a job is queued, not at its next poll', async () => {
    // A queue with the send-alert and send-mail policies, worked by a worker that would poll
    // only every 60 s: the second job is taken long before that, woken by its NOTIFY.
    for (const policy of [SEND_ALERT, SEND_MAIL]) {
      const name = `wake-probe-${policy}`;
      await t.boss.createQueue(name, QUEUES[policy]);
      const taken: string[] = [];
      await t.boss.work<{ n: string }>(
        name,
        { pollingIntervalSeconds: 60, notifyPollingIntervalSeconds: 60 },
        async ([job]) => {
          if (job) taken.push(job.data.n);
        },
      );
      await t.boss.send(name, { n: 'first' });
      await waitFor(`${policy}: the first job`, () => taken.includes('first'), 20_000);
      // The worker has gone back to waiting out its 60 s poll.
      await t.boss.send(name, { n: 'second' });
      await waitFor(`${policy}: the second job, woken`, () => taken.includes('second'), 20_000);
      await t.boss.offWork(name);
    }
  });
});
