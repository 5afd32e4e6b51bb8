import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSIONS_PRUNE } from '../src/jobs/queues.ts';
import { startTestApp, type TestApp } from './helpers/test-app.ts';
import { waitFor } from './helpers/wait.ts';

describe('workers on the real pg-boss', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('schedules the sessions-prune cron', async () => {
    const schedules = await t.boss.getSchedules();
    expect(schedules.map((s) => s.name)).toContain(SESSIONS_PRUNE);
  });

  it('sessions-prune deletes expired sessions and keeps live ones', async () => {
    const past = new Date(Date.now() - 60_000);
    const future = new Date(Date.now() + 3_600_000);
    await t.db
      .insertInto('sessions')
      .values([
        { sid: 'expired', data: '{}', user_id: null, expires_at: past },
        { sid: 'live', data: '{}', user_id: null, expires_at: future },
      ])
      .execute();
    await t.boss.send(SESSIONS_PRUNE, {});
    const remaining = await waitFor('the expired session to be pruned', async () => {
      const rows = await t.db.selectFrom('sessions').select('sid').execute();
      return rows.length === 1 ? rows : undefined;
    });
    expect(remaining.map((r) => r.sid)).toEqual(['live']);
  });
});
