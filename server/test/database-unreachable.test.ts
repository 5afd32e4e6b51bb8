import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { freePort } from '../src/lib/free-port.ts';
import {
  createDatabase,
  databaseUrl,
  dropDatabase,
  uniqueDatabaseName,
  withAdminClient,
} from './helpers/database-admin.ts';
import { runScript } from './helpers/run-script.ts';
import { TEST_SESSION_SECRET } from './helpers/test-app.ts';

// The server and the scripts pointed at a database they cannot use: one line naming
// DATABASE_URL (password masked), what failed and what to check, and a non-zero exit; no stack.

const PASSWORD = 'not-shown-0123456789';

/** The server as `npm run start:api` runs it, through the scripts' runner. */
const SERVER = '../server/src/main.ts';

function envFor(url: string): Record<string, string> {
  return {
    DATABASE_URL: url,
    SESSION_SECRET: TEST_SESSION_SECRET,
    MAIL_TRANSPORT: 'outbox',
    LOG_LEVEL: 'warn',
    WEB_DIST: '/nonexistent',
    SEED_DEMO_ON_FIRST_START: 'false',
  };
}

/** The URL as the error line prints it: the password replaced by ****. */
function masked(url: string): string {
  const printed = new URL(url);
  printed.password = '****';
  return printed.toString();
}

/**
 * A URL of the test server with another user, database or port, and a made-up password that
 * must never be printed. Only for another database on a server that asks for a password (the
 * embedded one does) is the server's own kept, so that the database is what fails; that line
 * is then checked to print the password as ****.
 */
function variant(serverUrl: string, change: { user?: string; database?: string; port?: number }) {
  const url = new URL(
    databaseUrl(serverUrl, change.database ?? new URL(serverUrl).pathname.slice(1)),
  );
  if (change.user) url.username = change.user;
  if (!(change.database && url.password)) url.password = PASSWORD;
  if (change.port) url.port = String(change.port);
  return url.toString();
}

function expectOneLine(run: { code: number | null; stdout: string; stderr: string }) {
  expect(run.code, run.stdout + run.stderr).toBe(1);
  const output = `${run.stdout}${run.stderr}`.trim();
  expect(output.split('\n'), output).toHaveLength(1);
  expect(output).not.toContain(PASSWORD);
  expect(output).not.toMatch(/\bat .*\.(ts|js):\d+/);
  return output;
}

describe('a database that cannot be used', () => {
  const { serverUrl } = inject('testDatabase');
  let refusedPort: number;

  beforeAll(async () => {
    refusedPort = await freePort();
  });

  it('refused: the server and every script name DATABASE_URL, masked, and say what to check', async () => {
    const url = variant(serverUrl, { port: refusedPort });
    const runs = [
      [SERVER, ['--api']],
      [SERVER, ['--worker']],
      ['migrate.ts', []],
      ['seed-demo.ts', []],
      ['ingest.ts', ['/nonexistent']],
      ['backup.ts', ['/nonexistent/backup']],
    ] as const;
    const results = await Promise.all(
      runs.map(([script, args]) => runScript(script, [...args], envFor(url))),
    );
    results.forEach((run, i) => {
      expect(expectOneLine(run), runs[i]![0]).toBe(
        `Cannot connect to the database at DATABASE_URL=${masked(url)}: connection refused: nothing accepts connections at 127.0.0.1:${refusedPort}. Check the host and port in DATABASE_URL, and that Postgres is running.`,
      );
    });
  });

  it('no such database, no such role: named as such', async () => {
    const noDatabaseUrl = variant(serverUrl, { database: 'deedwatch_no_such_database' });
    const noDatabase = expectOneLine(await runScript('migrate.ts', [], envFor(noDatabaseUrl)));
    expect(noDatabase).toMatch(
      /^Cannot connect to the database at DATABASE_URL=postgres:\/\/[^ ]*:\*\*\*\*@[^ ]*\/deedwatch_no_such_database: no such database: .*Check the database name in DATABASE_URL/,
    );
    const noRoleUrl = variant(serverUrl, { user: 'deedwatch_no_role' });
    const noRole = expectOneLine(await runScript('migrate.ts', [], envFor(noRoleUrl)));
    // A server that asks for a password does not say whether the role exists, only that the
    // login failed; the line then says to check the user name and password.
    expect(noRole).toMatch(
      new URL(serverUrl).password
        ? /^Cannot connect to the database at DATABASE_URL=postgres:\/\/deedwatch_no_role:\*\*\*\*@.*: authentication failed for deedwatch_no_role .*Check the user name and password in DATABASE_URL/
        : /^Cannot connect to the database at DATABASE_URL=postgres:\/\/deedwatch_no_role:\*\*\*\*@.*: no such role: deedwatch_no_role does not exist .*Check the user name in DATABASE_URL/,
    );
  });

  describe('a migration that fails', () => {
    const name = uniqueDatabaseName('deedwatch_badmigration');
    let url: string;
    beforeAll(async () => {
      await createDatabase(serverUrl, name);
      url = databaseUrl(serverUrl, name);
      // The second migration creates counties: here it exists already.
      await withAdminClient(url, (c) => c.query('CREATE TABLE counties (id int)'));
    });
    afterAll(() => dropDatabase(serverUrl, name));

    it('is still named, in one line', async () => {
      const migrate = expectOneLine(await runScript('migrate.ts', [], envFor(url)));
      expect(migrate).toBe(
        'Migration 20261122_0002_counties_users_sessions failed: relation "counties" already exists',
      );
      const server = expectOneLine(await runScript(SERVER, ['--worker'], envFor(url)));
      expect(JSON.parse(server)).toMatchObject({
        level: 60,
        msg: 'start-up failed: Migration 20261122_0002_counties_users_sessions failed: relation "counties" already exists',
      });
    });
  });
});
