import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { repoRoot } from '../server/src/config.ts';
import { waitFor } from '../server/test/helpers/wait.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  freePort,
  type ServerProcess,
  startServerProcess,
  waitForReady,
} from './helpers/process.ts';

const portIsOpen = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });

async function query<T>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows as T[];
  } finally {
    await client.end();
  }
}

// What a person gets from `npm start` with no DATABASE_URL: an embedded Postgres under the
// data directory, migrated and seeded on the first start, kept across restarts.
describe('npm start on the embedded Postgres', () => {
  let dataDir: string;
  let env: Record<string, string>;
  let base: string;
  let pgPort: number;
  let server: ServerProcess | undefined;
  let clusterDir = '';

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'deedwatch-start-'));
    const port = await freePort();
    pgPort = await freePort();
    base = `http://localhost:${port}`;
    env = {
      DATA_DIR: dataDir,
      PORT: String(port),
      EMBEDDED_POSTGRES_PORT: String(pgPort),
      LOG_LEVEL: 'info',
    };
  });
  afterAll(async () => {
    if (server && server.child.exitCode === null) {
      server.child.kill('SIGINT');
      await server.exited;
    }
    await rm(dataDir, { recursive: true, force: true });
    if (clusterDir) await rm(clusterDir, { recursive: true, force: true });
  });

  it('first start: migrates, loads the demo data and serves /, /api/config, /docs and /readyz', async () => {
    const started = Date.now();
    server = startServerProcess(env);
    await waitForReady(base, server);
    console.log(`first start to /readyz 200: ${((Date.now() - started) / 1000).toFixed(1)} s`);

    const config = (await (await fetch(`${base}/api/config`)).json()) as { name: string }[];
    expect(config.map((c) => c.name)).toEqual(['Alameda', 'Placer', 'Sacramento', 'San Diego']);
    const page = await fetch(`${base}/`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    expect((await fetch(`${base}/docs/`)).status).toBe(200);
    expect(server.output()).toContain(`Swagger UI: ${base}/docs`);
    expect(server.output()).toContain('demo data loaded (first start)');
    // The banner says where the database lives, and it is there.
    const database = /database {5}(\S+) {3}\(port (\d+)\)/.exec(server.output());
    expect(database?.[2]).toBe(String(pgPort));
    clusterDir = database![1]!;
    expect(existsSync(path.join(clusterDir, 'PG_VERSION'))).toBe(true);
    expect(server.output()).toContain(`subscriber   demo@deedwatch.localhost`);
    // The simulate command it prints, as a person pastes it into another shell (without this
    // start's settings): it reaches this start's database and writes into its inbox.
    const simulate =
      /`(EMBEDDED_POSTGRES_PORT=\d+ DATA_DIR=\S+ npm run simulate -- --county SAC)`/.exec(
        server.output(),
      );
    expect(simulate).not.toBeNull();
    const pasted = spawnSync('bash', ['-c', `${simulate![1]} --count 1 --per-minute 600`], {
      cwd: repoRoot,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' },
      encoding: 'utf8',
    });
    expect(pasted.status, pasted.stdout + pasted.stderr).toBe(0);
    expect(readdirSync(path.join(dataDir, 'inbox', 'SAC')).length).toBeGreaterThan(0);
    // Its worker warms a thread per core for alert excerpts, in the background once ready.
    await waitFor('the excerpt threads to be warmed', () =>
      /"threads":[1-9]\d*,"msg":"excerpt threads warmed"/.test(server!.output()),
    );

    // The embedded default prints a demo admin's password once; it signs in.
    const admin = /admin {8}(\S+), password (\S+) \(shown this once\)/.exec(server.output());
    expect(admin).not.toBeNull();
    const signIn = await fetch(`${base}/api/admin/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: admin![1], password: admin![2] }),
    });
    expect(signIn.status).toBe(200);
    expect(((await signIn.json()) as { role: string }).role).toBe('admin');

    // A mark to find after the restart.
    const dbUrl = `postgres://postgres:postgres@127.0.0.1:${pgPort}/deedwatch`;
    await query(dbUrl, "INSERT INTO users (email) VALUES ('kept@example.com')");
  });

  it('Ctrl-C stops the server and the embedded Postgres cleanly', async () => {
    server!.child.kill('SIGINT');
    expect(await server!.exited).toBe(0);
    expect(await portIsOpen(pgPort)).toBe(false);
  });

  it('a second start keeps the data and seeds nothing again', async () => {
    const started = Date.now();
    server = startServerProcess(env);
    await waitForReady(base, server);
    console.log(`restart to /readyz 200: ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const dbUrl = `postgres://postgres:postgres@127.0.0.1:${pgPort}/deedwatch`;
    const [user] = await query<{ email: string }>(
      dbUrl,
      "SELECT email FROM users WHERE email = 'kept@example.com'",
    );
    expect(user?.email).toBe('kept@example.com');
    const [counts] = await query<{ counties: string; parcels: string }>(
      dbUrl,
      'SELECT (SELECT count(*) FROM counties) AS counties, (SELECT count(*) FROM parcels) AS parcels',
    );
    expect(counts).toEqual({ counties: '4', parcels: '6000' });
    expect(server.output()).not.toContain('demo data loaded');
    expect(server.output()).not.toContain('shown this once');
    expect(server.output()).toContain('admin        admin@deedwatch.localhost at');
  });

  it('`npm run reset` refuses while it runs, then deletes the database and the data folder', async () => {
    const reset = () =>
      spawnSync(process.execPath, [path.join(repoRoot, 'scripts/reset.ts')], {
        cwd: repoRoot,
        env: { PATH: process.env.PATH ?? '', ...env },
        encoding: 'utf8',
      });
    const refused = reset();
    expect(refused.status, refused.stdout + refused.stderr).toBe(1);
    expect(refused.stderr).toContain('is running');
    expect(existsSync(path.join(clusterDir, 'PG_VERSION'))).toBe(true);

    server!.child.kill('SIGINT');
    expect(await server!.exited).toBe(0);
    const done = reset();
    expect(done.status, done.stdout + done.stderr).toBe(0);
    expect(existsSync(clusterDir)).toBe(false);
    expect(existsSync(dataDir)).toBe(false);
  });
});
