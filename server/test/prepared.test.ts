import { sql } from 'kysely';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  createDatabase,
  createPool,
  createSearchDatabase,
  type Database,
} from '../src/db/database.ts';
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

describe('createSearchDatabase', () => {
  let test: TestDatabase;
  // One connection each, so what was prepared and planned can be read back on it.
  let search: Database;
  let main: Database;
  beforeAll(async () => {
    test = await createTestDatabase();
    search = createSearchDatabase(test.url, 1, pino({ level: 'silent' }));
    main = createDatabase(createPool(test.url, 1, pino({ level: 'silent' })));
  });
  afterAll(async () => {
    await search.destroy();
    await main.destroy();
    await test.drop();
  });

  // A prefix range, as a search statement has: planned with its values, each run would be
  // planned again (custom plans), at least for the first five runs.
  const statement = prepareStatement(
    ({ from, below }: Params<{ from: string; below: string }>) => sql<{ n: number }>`
      SELECT count(*)::int AS n FROM pg_class
      WHERE relname >= ${from} COLLATE "C" AND relname < ${below} COLLATE "C"`,
  );
  const plans = async (db: Database) => {
    const { rows } = await sql<{ generic_plans: number; custom_plans: number }>`
      SELECT generic_plans::int, custom_plans::int FROM pg_prepared_statements
      WHERE statement LIKE '%relname >=%'`.execute(db);
    return rows;
  };

  it('plans each prepared statement once on its connections, the answers bound per run', async () => {
    const prefixes = ['pg_a', 'pg_c', 'pg_i', 'pg_s', 'pg_t', 'pg_p', 'pg_d', 'pg_n'];
    for (const prefix of prefixes) {
      const from = prefix;
      const below = prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(3) + 1);
      const { rows } = await statement.run(search, { from, below });
      const { rows: expected } = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM pg_class
        WHERE relname >= ${from} COLLATE "C" AND relname < ${below} COLLATE "C"`.execute(main);
      expect(rows).toEqual(expected);
    }
    expect(await plans(search)).toEqual([{ generic_plans: prefixes.length, custom_plans: 0 }]);
  });

  it("leaves the app's main pool planning each run with its values", async () => {
    const { rows } = await sql<{ mode: string }>`
      SELECT current_setting('plan_cache_mode') AS mode`.execute(main);
    expect(rows).toEqual([{ mode: 'auto' }]);
    await statement.run(main, { from: 'pg_a', below: 'pg_b' });
    expect(await plans(main)).toEqual([{ generic_plans: 0, custom_plans: 1 }]);
  });
});
