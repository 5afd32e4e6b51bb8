import { spawn } from 'node:child_process';
import path from 'node:path';
import { repoRoot } from '../../src/config.ts';

export type ScriptRun = { code: number | null; stdout: string; stderr: string };

/**
 * Runs a command-line script of scripts/ as `npm run` does (this Node, from the repository
 * root), with only the given environment, and waits for it to end.
 */
export function runScript(
  script: string,
  args: string[],
  env: Record<string, string>,
): Promise<ScriptRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(repoRoot, 'scripts', script), ...args], {
      cwd: repoRoot,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, stdout, stderr }));
  });
}
