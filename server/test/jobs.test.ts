import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PgBoss } from 'pg-boss';
import { createBoss } from '../src/jobs/boss.ts';
import { SESSIONS_PRUNE } from '../src/jobs/sessions-prune.ts';
import { registerWorkers } from '../src/jobs/workers.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.ts';
import { waitFor } from './helpers/wait.ts';

describe('workers on the real pg-boss', () => {
  let database: TestDatabase;
  let boss: PgBoss;
  beforeAll(async () => {
    database = await createTestDatabase();
    boss = createBoss(database.url, pino({ level: 'silent' }));
    await boss.start();
    await registerWorkers(boss, database.db);
  });
  afterAll(async () => {
    await boss.stop({ graceful: false, close: true });
    await database.drop();
  });

  it('schedules the sessions-prune cron', async () => {
    const schedules = await boss.getSchedules();
    expect(schedules.map((s) => s.name)).toContain(SESSIONS_PRUNE);
  });

  it('sessions-prune deletes expired sessions and keeps live ones', async () => {
    const past = new Date(Date.now() - 60_000);
    const future = new Date(Date.now() + 3_600_000);
    await database.db
      .insertInto('sessions')
      .values([
        { sid: 'expired', data: '{}', user_id: null, expires_at: past },
        { sid: 'live', data: '{}', user_id: null, expires_at: future },
      ])
      .execute();
    await boss.send(SESSIONS_PRUNE, {});
    const remaining = await waitFor('the expired session to be pruned', async () => {
      const rows = await database.db.selectFrom('sessions').select('sid').execute();
      return rows.length === 1 ? rows : undefined;
    });
    expect(remaining.map((r) => r.sid)).toEqual(['live']);
  });
});
