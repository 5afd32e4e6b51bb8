import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { repoRoot } from '../../server/src/config.ts';
import { waitFor } from '../../server/test/helpers/wait.ts';

export { freePort } from '../../server/src/lib/free-port.ts';

export type ServerProcess = {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
};

/**
 * Runs the server as `npm start` does (main.ts on this Node), with only the given environment;
 * `args` as main.ts takes them (`--worker`, `--api`).
 */
export function startServerProcess(
  env: Record<string, string>,
  args: string[] = [],
): ServerProcess {
  const child = spawn(process.execPath, [path.join(repoRoot, 'server/src/main.ts'), ...args], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      // A server on a database of its own must be told its mail transport; tests send nothing.
      ...(env.DATABASE_URL && !env.POSTMARK_SERVER_TOKEN ? { MAIL_TRANSPORT: 'outbox' } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  return { child, output: () => output, exited };
}

export async function waitForReady(baseUrl: string, proc: ServerProcess, timeoutMs = 60_000) {
  let exitCode: number | null | undefined;
  void proc.exited.then((code) => (exitCode = code));
  await waitFor(
    `${baseUrl}/readyz to answer 200`,
    async () => {
      if (exitCode !== undefined)
        throw new Error(`server exited with ${exitCode}:\n${proc.output()}`);
      const res = await fetch(`${baseUrl}/readyz`).catch(() => undefined);
      return res?.status === 200;
    },
    timeoutMs,
    100,
  );
}
