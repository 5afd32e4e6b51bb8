import { sql } from 'kysely';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createDatabase,
  createPool,
  createSearchDatabase,
  type Database,
} from '../src/db/database.ts';
import { type Params, prepareStatement } from '../src/db/prepared.ts';
import { STALL_MS } from '../src/db/search-connections.ts';
import { metricsRegistry } from '../src/lib/metrics.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.ts';
import { waitFor } from './helpers/wait.ts';

// Search's connections (db/search-connections.ts): the keystrokes' statements pipelined on one
// connection (on more while it is held up), the slow ones on connections of their own, and no
// transactions.

const log = pino({ level: 'silent' });

/** The backend that answered, and the value it was given. */
const echo = prepareStatement(
  ({ n }: Params<{ n: number }>) => sql<{ pid: number; n: number }>`
    SELECT pg_backend_pid() AS pid, ${n}::int AS n`,
);

/** Waits for the advisory lock `key`, held for the statement's transaction only. */
const slowLock = prepareStatement(
  ({ key }: Params<{ key: number }>) => sql<{ pid: number }>`
    SELECT pg_backend_pid() AS pid FROM pg_advisory_xact_lock(${key}::bigint)`,
  { slow: true },
);

/** Waits for the advisory lock `key` as a keystroke's statement would: pipelined. */
const heldLock = prepareStatement(
  ({ key }: Params<{ key: number }>) => sql<{ pid: number }>`
    SELECT pg_backend_pid() AS pid FROM pg_advisory_xact_lock(${key}::bigint) AS held`,
);

describe("search's connections", () => {
  let test: TestDatabase;
  let search: Database;
  // One connection, so the lock it takes is released on it.
  let main: Database;
  beforeAll(async () => {
    test = await createTestDatabase();
    search = createSearchDatabase(test.url, 3, log);
    main = createDatabase(createPool(test.url, 1, log));
  });
  afterAll(async () => {
    await search.destroy();
    await main.destroy();
    await test.drop();
  });

  it('sends statements asked at once on one connection, each answered with its own values', async () => {
    const runs = await Promise.all(
      Array.from({ length: 50 }, (_, n) => echo.run(search, { n }).then((r) => r.rows[0]!)),
    );

    expect(runs.map((r) => r.n)).toEqual(Array.from({ length: 50 }, (_, n) => n));
    // A pool would have opened its 3 connections for 50 queries at once.
    expect(new Set(runs.map((r) => r.pid)).size).toBe(1);
    const metrics = await metricsRegistry.getSingleMetricAsString('deedwatch_db_search_pipelined');
    expect(metrics).toMatch(/^deedwatch_db_search_pipelined 0$/m);
  });

  it('runs a slow statement on a connection of its own: the keystrokes do not wait behind it', async () => {
    const key = 424242;
    await sql`SELECT pg_advisory_lock(${key}::bigint)`.execute(main);
    let slowDone = false;
    const slow = slowLock.run(search, { key }).then((r) => {
      slowDone = true;
      return r.rows[0]!.pid;
    });
    // The slow statement is waiting for the lock when the fast ones are sent.
    await waitFor('the slow statement waiting for its lock', async () => {
      const { rows } = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM pg_locks
        WHERE locktype = 'advisory' AND NOT granted`.execute(main);
      return rows[0]!.n === 1;
    });

    const fast = await Promise.all([1, 2, 3].map((n) => echo.run(search, { n })));

    expect(fast.map((r) => r.rows[0]!.n)).toEqual([1, 2, 3]);
    expect(slowDone).toBe(false);
    await sql`SELECT pg_advisory_unlock(${key}::bigint)`.execute(main);
    expect(await slow).not.toBe(fast[0]!.rows[0]!.pid);
  });

  it('sends the next statements on another pipelined connection while one is held up, at most half of them', async () => {
    // Its own connections: 3, so 2 pipelined and 1 for slow statements.
    const fresh = createSearchDatabase(test.url, 3, log);
    const key = 434343;
    const lockWaits = (n: number) => async () => {
      const { rows } = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM pg_locks
        WHERE locktype = 'advisory' AND objid = ${key} AND NOT granted`.execute(main);
      return rows[0]!.n === n;
    };
    /** Sends a statement that waits for the lock, and waits until it is behind by twice STALL_MS. */
    const holdUp = async (waiting: number) => {
      const sentAt = performance.now();
      const pid = heldLock.run(fresh, { key }).then((r) => r.rows[0]!.pid);
      await waitFor(`${waiting} statements waiting for the lock`, lockWaits(waiting));
      await waitFor('the held statement behind', () => performance.now() - sentAt > 2 * STALL_MS);
      return { pid };
    };
    try {
      const first = (await echo.run(fresh, { n: 0 })).rows[0]!.pid;
      await sql`SELECT pg_advisory_lock(${key}::bigint)`.execute(main);

      const heldOnFirst = await holdUp(1);
      const second = (await echo.run(fresh, { n: 1 })).rows[0]!;
      expect(second.n).toBe(1);
      expect(second.pid).not.toBe(first);

      // Both held up, and no third pipelined connection of 3: the next statement waits on the
      // one whose oldest statement is youngest, the second.
      const heldOnSecond = await holdUp(2);
      const third = echo.run(fresh, { n: 2 });

      await sql`SELECT pg_advisory_unlock(${key}::bigint)`.execute(main);
      expect(await heldOnFirst.pid).toBe(first);
      expect(await heldOnSecond.pid).toBe(second.pid);
      expect((await third).rows[0]!).toEqual({ pid: second.pid, n: 2 });
      // Keeping up again, the first carries the statements again.
      expect((await echo.run(fresh, { n: 3 })).rows[0]!.pid).toBe(first);
    } finally {
      await sql`SELECT pg_advisory_unlock_all()`.execute(main);
      await fresh.destroy();
    }
  });

  it('refuses a transaction, which would take in the statements of other searches', async () => {
    await expect(
      search.transaction().execute(async (trx) => echo.run(trx, { n: 1 })),
    ).rejects.toThrow("search's connections run single statements only");
    // And goes on answering.
    expect((await echo.run(search, { n: 7 })).rows[0]!.n).toBe(7);
  });

  it('opens a new connection when its pipelined one is lost', async () => {
    const before = (await echo.run(search, { n: 1 })).rows[0]!.pid;
    await sql`SELECT pg_terminate_backend(${before}::int)`.execute(main);

    const after = await waitFor('an answer on a new connection', async () => {
      const answer = await echo.run(search, { n: 2 }).catch(() => undefined);
      return answer?.rows[0];
    });

    expect(after.n).toBe(2);
    expect(after.pid).not.toBe(before);
  });
});
