import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findPgTool } from './pg-tools.ts';

// Client programs far newer than any installed here, as shell scripts that say their version:
// which one findPgTool picks must not depend on what this machine happens to have.
describe('findPgTool', () => {
  let root: string;
  let savedPath: string | undefined;

  const fakeTool = async (folder: string, major: number) => {
    const dir = path.join(root, folder);
    await mkdir(dir);
    const file = path.join(dir, 'pg_dump');
    await writeFile(file, `#!/bin/sh\necho "pg_dump (PostgreSQL) ${major}.1"\n`);
    await chmod(file, 0o755);
    return file;
  };

  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'deedwatch-pg-tools-'));
    savedPath = process.env.PATH;
  });
  afterAll(async () => {
    process.env.PATH = savedPath;
    await rm(root, { recursive: true, force: true });
  });

  it('takes the oldest program that is at least the version asked for', async () => {
    const newest = await fakeTool('newest', 99);
    const older = await fakeTool('older', 98);
    process.env.PATH = [path.dirname(newest), path.dirname(older), savedPath].join(path.delimiter);
    await expect(findPgTool('pg_dump', 98)).resolves.toEqual({ path: older, major: 98 });
    await expect(findPgTool('pg_dump', 99)).resolves.toEqual({ path: newest, major: 99 });
  });

  it('refuses when none is new enough, naming what it found and what to install', async () => {
    const found = await fakeTool('found', 97);
    process.env.PATH = [path.dirname(found), savedPath].join(path.delimiter);
    const refused = findPgTool('pg_dump', 1000);
    await expect(refused).rejects.toThrow(/^pg_dump of PostgreSQL 1000 or newer is needed/);
    await expect(refused).rejects.toThrow(`${found} (97)`);
    await expect(refused).rejects.toThrow('postgresql-client-1000');
  });
});
