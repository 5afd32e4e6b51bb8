// Cold start: `npm start` with no DATABASE_URL, as a person runs it, to /readyz 200 —
// the first start (creating the embedded Postgres, migrating, loading the demo data) and a
// second start on the same data.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../e2e/helpers/process.ts';
import { repoRoot } from '../../server/src/config.ts';
import { waitFor } from '../../server/test/helpers/wait.ts';
import { secondsSince } from './dataset.ts';

async function startToReady(env: Record<string, string>, base: string) {
  const started = performance.now();
  // Its own process group, so Ctrl-C reaches npm, node and the embedded Postgres alike.
  const child: ChildProcess = spawn('npm', ['start'], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: 'ignore',
    detached: true,
  });
  const exited = once(child, 'exit');
  await waitFor(
    `${base}/readyz`,
    async () => {
      if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}`);
      return (await fetch(`${base}/readyz`).catch(() => undefined))?.status === 200;
    },
    120_000,
    50,
  );
  const seconds = secondsSince(started);
  process.kill(-child.pid!, 'SIGINT');
  await exited;
  return seconds;
}

export async function benchColdStart() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'deedwatch-cold-'));
  try {
    const port = await freePort();
    const env = {
      DATA_DIR: dataDir,
      PORT: String(port),
      EMBEDDED_POSTGRES_PORT: String(await freePort()),
      LOG_LEVEL: 'warn',
    };
    const base = `http://localhost:${port}`;
    const firstStartSeconds = await startToReady(env, base);
    const secondStartSeconds = await startToReady(env, base);
    return { firstStartSeconds, secondStartSeconds };
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
