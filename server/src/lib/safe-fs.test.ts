import { execFileSync } from 'node:child_process';
import {
  link,
  lstat,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  realpath,
  rm,
  symlink,
  writeFile,
} from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  assertRealFolder,
  isInside,
  openFileIn,
  readUpTo,
  UnsafePathError,
  writeFileIn,
} from './safe-fs.ts';

const SECRET = 'FAKE-SESSION-SECRET-OUTSIDE-THE-FOLDER';

let dir: string;
let folder: string;
let outside: string;
beforeEach(async () => {
  dir = await realpath(await mkdtemp(path.join(os.tmpdir(), 'deedwatch-safe-fs-')));
  folder = path.join(dir, 'feed');
  await mkdir(folder);
  outside = path.join(dir, 'secret.env');
  await writeFile(outside, SECRET);
});
afterEach(() => rm(dir, { recursive: true, force: true }));

async function read(name: string, inFolder = folder) {
  const opened = await openFileIn(inFolder, name);
  if (!opened.ok) return opened;
  try {
    return { ok: true, text: Buffer.from((await readUpTo(opened.handle, 1024)).bytes).toString() };
  } finally {
    await opened.handle.close();
  }
}

describe('openFileIn', () => {
  it('opens a regular file of the folder', async () => {
    await writeFile(path.join(folder, 'doc.pdf'), '%PDF-1.7 hello');
    expect(await read('doc.pdf')).toEqual({ ok: true, text: '%PDF-1.7 hello' });
  });

  it('says a missing file is missing', async () => {
    expect(await read('nope.pdf')).toMatchObject({ ok: false, problem: 'missing' });
    expect(await read('doc.pdf', path.join(dir, 'no-folder'))).toMatchObject({
      ok: false,
      problem: 'missing',
    });
  });

  it('does not follow a symbolic link to a file outside, nor to one inside', async () => {
    await symlink(outside, path.join(folder, 'doc.pdf'));
    await writeFile(path.join(folder, 'real.pdf'), '%PDF-');
    await symlink('real.pdf', path.join(folder, 'alias.pdf'));
    expect(await read('doc.pdf')).toMatchObject({ ok: false, problem: 'symlink' });
    expect(await read('alias.pdf')).toMatchObject({ ok: false, problem: 'symlink' });
  });

  it('refuses every file of a folder reached through a link', async () => {
    await writeFile(path.join(folder, 'doc.pdf'), '%PDF-');
    const linked = path.join(dir, 'linked-feed');
    await symlink(folder, linked);
    expect(await read('doc.pdf', linked)).toMatchObject({ ok: false, problem: 'outside' });
  });

  it('refuses a hard link, a directory and a FIFO (without hanging)', async () => {
    await link(outside, path.join(folder, 'hard.pdf'));
    await mkdir(path.join(folder, 'dir.pdf'));
    execFileSync('mkfifo', [path.join(folder, 'pipe.pdf')]);
    expect(await read('hard.pdf')).toMatchObject({ ok: false, problem: 'hard-linked' });
    expect(await read('dir.pdf')).toMatchObject({ ok: false, problem: 'not-a-file' });
    expect(await read('pipe.pdf')).toMatchObject({ ok: false, problem: 'not-a-file' });
  });

  it('refuses a name that is not one plain entry', async () => {
    for (const name of ['../secret.env', '..', '.', '', 'a/b', 'a\\b']) {
      expect(await read(name), name).toMatchObject({ ok: false, problem: 'outside' });
    }
  });
});

describe('readUpTo', () => {
  it('reads at most the limit and says when there was more', async () => {
    await writeFile(path.join(folder, 'doc.pdf'), 'abcdef');
    const opened = await openFileIn(folder, 'doc.pdf');
    if (!opened.ok) throw new Error(opened.detail);
    try {
      const short = await readUpTo(opened.handle, 4);
      expect(Buffer.from(short.bytes).toString()).toBe('abcd');
      expect(short.truncated).toBe(true);
      const whole = await readUpTo(opened.handle, 6);
      expect(Buffer.from(whole.bytes).toString()).toBe('abcdef');
      expect(whole.truncated).toBe(false);
    } finally {
      await opened.handle.close();
    }
  });
});

describe('writeFileIn', () => {
  it('replaces a symbolic link at the name instead of writing through it', async () => {
    await symlink(outside, path.join(folder, 'summary.json'));
    await writeFileIn(folder, 'summary.json', '{"ok":true}');
    expect(await readFile(outside, 'utf8')).toBe(SECRET);
    expect((await lstat(path.join(folder, 'summary.json'))).isFile()).toBe(true);
    expect(await readFile(path.join(folder, 'summary.json'), 'utf8')).toBe('{"ok":true}');
    expect(await readdir(folder)).toEqual(['summary.json']);
  });

  it('refuses a folder reached through a link, and leaves nothing behind', async () => {
    const target = path.join(dir, 'elsewhere');
    await mkdir(target);
    const linked = path.join(dir, 'linked');
    await symlink(target, linked);
    await expect(writeFileIn(linked, 'summary.json', 'x')).rejects.toBeInstanceOf(UnsafePathError);
    expect(await readdir(target)).toEqual([]);
  });
});

describe('assertRealFolder', () => {
  it('accepts a real folder, refuses a link to one and a link above one', async () => {
    await assertRealFolder(folder);
    const linked = path.join(dir, 'linked');
    await symlink(folder, linked);
    await expect(assertRealFolder(linked)).rejects.toBeInstanceOf(UnsafePathError);
    await mkdir(path.join(folder, 'sub'));
    await expect(assertRealFolder(path.join(linked, 'sub'))).rejects.toBeInstanceOf(
      UnsafePathError,
    );
    await expect(assertRealFolder(outside)).rejects.toBeInstanceOf(UnsafePathError);
  });
});

describe('isInside', () => {
  it('is strictly below, not a sibling sharing the prefix', () => {
    expect(isInside('/a/b/c', '/a/b')).toBe(true);
    expect(isInside('/a/b', '/a/b')).toBe(false);
    expect(isInside('/a/bc', '/a/b')).toBe(false);
    expect(isInside('/a', '/')).toBe(true);
  });
});
