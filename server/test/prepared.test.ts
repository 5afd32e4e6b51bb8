import { sql } from 'kysely';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDatabase, createPool, type Database } from '../src/db/database.ts';
import { type Params, prepareStatement } from '../src/db/prepared.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.ts';

type Input = { low: number; high: number; words: string[] };

describe('prepareStatement', () => {
  let test: TestDatabase;
  // One connection, so the statements it has prepared can be read back on it.
  let db: Database;
  beforeAll(async () => {
    test = await createTestDatabase();
    db = createDatabase(createPool(test.url, 1, pino({ level: 'silent' })));
  });
  afterAll(async () => {
    await db.destroy();
    await test.drop();
  });

  it('builds its text once and binds each run its own values, by name on the connection', async () => {
    const template = vi.fn(
      ({ low, high, words }: Params<Input>) => sql<{ n: number; word: string }>`
        SELECT n, (${words}::text[])[n] AS word
        FROM generate_series(${low}::int, ${high}::int) AS n
        ORDER BY n`,
    );
    const statement = prepareStatement(template);

    const first = await statement.run(db, { low: 1, high: 2, words: ['one', 'two', 'three'] });
    const second = await statement.run(db, { low: 2, high: 3, words: ['uno', 'dos', 'tres'] });

    expect(first.rows).toEqual([
      { n: 1, word: 'one' },
      { n: 2, word: 'two' },
    ]);
    expect(second.rows).toEqual([
      { n: 2, word: 'dos' },
      { n: 3, word: 'tres' },
    ]);
    expect(template).toHaveBeenCalledTimes(1);
    const { rows } = await sql<{ name: string; statement: string }>`
      SELECT name, statement FROM pg_prepared_statements WHERE statement LIKE '%generate_series%'`.execute(
      db,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.name).toMatch(/^dw_/);
  });

  it('refuses a template with a value of its own in place of an input, before anything runs', async () => {
    const statement = prepareStatement(
      ({ low }: Params<Pick<Input, 'low'>>) => sql`SELECT ${low}::int + ${41}::int AS n`,
    );
    await expect(statement.run(db, { low: 1 })).rejects.toThrow(
      "a prepared statement's values come from its input, not 41",
    );
  });
});
