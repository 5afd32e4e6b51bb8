import { sql } from 'kysely';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { createDatabase, createPool } from '../src/db/database.ts';
import { offlineMailSender, startTestApp, type TestApp, testConfig } from './helpers/test-app.ts';

describe('health probes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('GET /healthz answers while the process is up', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('GET /readyz is 200 when the database answers and every migration is applied', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready' });
  });

  it('GET /readyz is 503 naming a migration that is not applied', async () => {
    const [last] = await sql<{ name: string }>`
      SELECT name FROM kysely_migration ORDER BY name DESC LIMIT 1`
      .execute(t.db)
      .then((r) => r.rows);
    await sql`DELETE FROM kysely_migration WHERE name = ${last!.name}`.execute(t.db);
    try {
      const res = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toContain(last!.name);
    } finally {
      await sql`INSERT INTO kysely_migration (name, timestamp) VALUES (${last!.name}, now())`.execute(
        t.db,
      );
    }
  });

  it('GET /readyz is 503 with a plain message when the database cannot be reached', async () => {
    const unreachable = 'postgres://postgres@127.0.0.1:1/nowhere';
    const db = createDatabase(createPool(unreachable, 1, pino({ level: 'silent' })));
    const config = testConfig(unreachable);
    const app = await buildApp(config, {
      db,
      mailSender: offlineMailSender(config, db),
      logger: false,
    });
    try {
      const res = await app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        statusCode: 503,
        error: 'Service Unavailable',
        message: 'The database is not reachable.',
      });
      expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await app.close();
      await db.destroy();
    }
  });
});
