/**
 * `npm run check:catalogs`: the web's and the server's catalogs against each other and against
 * the code that uses them (see check.ts). Exits 1 with a list of what to fix.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { en as serverEn } from '../../server/src/i18n/en/index.ts';
import { es as serverEs } from '../../server/src/i18n/es/index.ts';
import { en as webEn } from '../../web/src/i18n/en/index.ts';
import { es as webEs } from '../../web/src/i18n/es/index.ts';
import { type CatalogTree, checkCatalogs, describeProblems, hasProblems } from './check.ts';

const root = path.resolve(import.meta.dirname, '../..');

/** The code's own files: not tests, not generated files, not the catalogs themselves. */
async function sourcesUnder(dir: string): Promise<string[]> {
  const files: string[] = [];
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.tsx?$/.test(entry.name)) continue;
    if (/\.(test|gen)\.tsx?$/.test(entry.name) || entry.name.endsWith('.d.ts')) continue;
    const file = path.join(entry.parentPath, entry.name);
    if (file.includes(`${path.sep}i18n${path.sep}`) && /[/\\](en|es)[/\\]/.test(file)) continue;
    files.push(file);
  }
  return Promise.all(files.map((f) => readFile(f, 'utf8')));
}

const apps: { name: string; catalogs: { en: CatalogTree; es: CatalogTree }; dir: string }[] = [
  { name: 'web', catalogs: { en: webEn, es: webEs }, dir: 'web/src' },
  { name: 'server', catalogs: { en: serverEn, es: serverEs }, dir: 'server/src' },
];

let failed = false;
for (const app of apps) {
  const problems = checkCatalogs(app.catalogs, await sourcesUnder(path.join(root, app.dir)));
  if (hasProblems(problems)) {
    failed = true;
    for (const line of describeProblems(app.name, problems)) console.error(line);
  } else {
    console.log(`${app.name}: catalogs complete, every key used`);
  }
}
process.exitCode = failed ? 1 : 0;
