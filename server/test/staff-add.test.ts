import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../src/config.ts';
import { sessionCookieOf } from './helpers/cookies.ts';
import { TEST_SESSION_SECRET, startTestApp, type TestApp } from './helpers/test-app.ts';

/** Runs `npm run staff:add` as a person would (the script on this Node), feeding stdin. */
function staffAdd(args: string[], env: Record<string, string>, stdin = '') {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, [path.join(repoRoot, 'scripts/staff-add.ts'), ...args], {
      cwd: repoRoot,
      env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'silent', ...env },
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.stdin.end(stdin);
    child.once('exit', (code) => resolve({ code, output }));
  });
}

describe('npm run staff:add', () => {
  let t: TestApp;
  let env: Record<string, string>;
  beforeAll(async () => {
    t = await startTestApp({ AUTH_RATE_LIMIT_PER_IP: '1000', AUTH_RATE_LIMIT_PER_EMAIL: '1000' });
    env = {
      DATABASE_URL: t.database.url,
      SESSION_SECRET: TEST_SESSION_SECRET,
      MAIL_TRANSPORT: 'outbox',
    };
  });
  afterAll(() => t.close());

  const signIn = (email: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/admin/auth/login', payload: { email, password } });

  it('creates a staff account from STAFF_PASSWORD, then resets its role and password from stdin', async () => {
    const created = await staffAdd(['--email', 'Ops@Example.com', '--role', 'admin'], {
      ...env,
      STAFF_PASSWORD: 'first password 123',
    });
    expect(created).toEqual({ code: 0, output: 'Created admin ops@example.com.\n' });
    const first = await signIn('ops@example.com', 'first password 123');
    expect(first.json().role).toBe('admin');
    const cookie = sessionCookieOf(first)!;

    const updated = await staffAdd(
      ['--email', 'ops@example.com', '--role', 'customersupport'],
      env,
      'second password 456\n',
    );
    expect(updated).toEqual({
      code: 0,
      output: 'Updated customersupport ops@example.com; 1 session(s) of the account ended.\n',
    });
    // The admin session opened before the reset is over.
    const me = await t.app.inject({ method: 'POST', url: '/api/auth/me', headers: { cookie } });
    expect(me.statusCode).toBe(401);
    expect((await signIn('ops@example.com', 'first password 123')).statusCode).toBe(401);
    expect((await signIn('ops@example.com', 'second password 456')).json().role).toBe(
      'customersupport',
    );
  });

  it('refuses a short password, a bad role or a missing email, changing nothing', async () => {
    const short = await staffAdd(['--email', 'x@example.com', '--role', 'admin'], {
      ...env,
      STAFF_PASSWORD: 'short',
    });
    expect(short.code).toBe(2);
    expect(short.output).toContain('at least 12 characters');
    const role = await staffAdd(['--email', 'x@example.com', '--role', 'root'], {
      ...env,
      STAFF_PASSWORD: 'long enough password',
    });
    expect(role.code).toBe(2);
    expect(role.output).toContain('Usage: npm run staff:add');
    const users = await t.db
      .selectFrom('users')
      .select('email')
      .where('email', '=', 'x@example.com')
      .execute();
    expect(users).toEqual([]);
  });
});
