// Runs before `npm start`: builds the web app when there is no build or a source is newer.
import { execFileSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../server/src/config.ts';

const web = path.join(repoRoot, 'web');
const built = path.join(web, 'dist/index.html');

function newest(dir: string): number {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(full) : statSync(full).mtimeMs);
  }
  return latest;
}

let builtAt = 0;
try {
  builtAt = statSync(built).mtimeMs;
} catch {
  // no build yet
}
const sourcesAt = Math.max(
  newest(path.join(web, 'src')),
  statSync(path.join(web, 'index.html')).mtimeMs,
  statSync(path.join(web, 'package.json')).mtimeMs,
);
if (sourcesAt > builtAt) {
  console.log('Building the web app…');
  execFileSync('npm', ['run', 'build', '-w', 'web'], { cwd: repoRoot, stdio: 'inherit' });
}
