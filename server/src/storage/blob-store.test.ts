import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  blobKeyProblem,
  type BlobStore,
  createFileBlobStore,
  InvalidBlobKeyError,
  UnsafeBlobContainerError,
} from './blob-store.ts';

/** Every byte value, so any text decoding on the way would show. */
const ALL_BYTES = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
const SECRET = 'TOP-SECRET-OUTSIDE-THE-STORE';

const UNSAFE_KEYS: [label: string, value: string][] = [
  ['empty', ''],
  ['256 ASCII characters', 'a'.repeat(256)],
  ['256 bytes of UTF-8 in 128 characters', 'é'.repeat(128)],
  ['a slash', 'a/b'],
  ['a backslash', 'a\\b'],
  ['.', '.'],
  ['..', '..'],
  ['a traversal', '../secret.txt'],
  ['a deeper traversal', '../../secret.txt'],
  ['a Windows traversal', '..\\secret.txt'],
  ['an absolute path', '/etc/passwd'],
  ['NUL', 'doc.pdf\0.txt'],
  ['a newline', 'doc\n.pdf'],
  ['DEL', 'doc\x7f.pdf'],
  ['a C1 control', 'doc\u0085.pdf'],
  ['a right-to-left override', 'doc\u202efdp.exe'],
  ['one dot leaders (fold to ..)', '\u2024\u2024'],
  ['fullwidth full stops (fold to ..)', '\uff0e\uff0e'],
  ['a one dot leader (folds to .)', '\u2024'],
  ['a fullwidth solidus (folds to /)', '..\uff0fsecret.txt'],
  ['a lone surrogate', 'doc\ud800.pdf'],
  ['the temporary-file prefix', '.partial-0123'],
];

const SAFE_KEYS = [
  'a'.repeat(255),
  'é'.repeat(127),
  '...',
  '..a',
  'a..b',
  '%2e%2e%2fsecret.txt',
  'ünïcødé deed.pdf',
  'CA-SAC_2024',
];

describe('blobKeyProblem', () => {
  it.each(UNSAFE_KEYS)('refuses %s', (_label, value) => {
    expect(blobKeyProblem(value)).toEqual(expect.any(String));
  });

  it.each(SAFE_KEYS)('accepts %j', (value) => {
    expect(blobKeyProblem(value)).toBeUndefined();
  });

  it('refuses what is not a string', () => {
    expect(blobKeyProblem(undefined)).toBe('must be a string');
    expect(blobKeyProblem(42)).toBe('must be a string');
  });
});

describe('the filesystem blob store', () => {
  let dir: string;
  let root: string;
  let store: BlobStore;

  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'deedwatch-blobs-'));
    root = path.join(dir, 'documents');
    await mkdir(root);
    // Targets of every traversal below: beside the root, and in a sibling sharing its prefix.
    await writeFile(path.join(dir, 'secret.txt'), SECRET);
    await mkdir(path.join(dir, 'documents-evil'));
    await writeFile(path.join(dir, 'documents-evil', 'secret.txt'), SECRET);
    store = createFileBlobStore(root);
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  const read = async (container: string, name: string) => {
    const blob = await store.get(container, name);
    return blob && { size: blob.size, bytes: await buffer(blob.stream) };
  };

  it('round-trips bytes exactly, at <root>/<container>/<name>', async () => {
    await store.put('CA-TEST', 'deed.pdf', ALL_BYTES);
    expect(await readFile(path.join(root, 'CA-TEST', 'deed.pdf'))).toEqual(ALL_BYTES);
    expect(await store.exists('CA-TEST', 'deed.pdf')).toBe(true);
    expect(await read('CA-TEST', 'deed.pdf')).toEqual({ size: 256, bytes: ALL_BYTES });
  });

  it.each(SAFE_KEYS)('round-trips the key %j as container and as name', async (key) => {
    await store.put(key, 'file', ALL_BYTES);
    await store.put('container', key, ALL_BYTES);
    expect((await read(key, 'file'))?.bytes).toEqual(ALL_BYTES);
    expect((await read('container', key))?.bytes).toEqual(ALL_BYTES);
  });

  it('answers undefined / false for a missing object or container', async () => {
    await store.put('CA-TEST', 'deed.pdf', ALL_BYTES);
    expect(await store.get('CA-TEST', 'other.pdf')).toBeUndefined();
    expect(await store.get('NOPE', 'deed.pdf')).toBeUndefined();
    expect(await store.exists('CA-TEST', 'other.pdf')).toBe(false);
    expect(await store.exists('NOPE', 'deed.pdf')).toBe(false);
    expect(await store.delete('CA-TEST', 'other.pdf')).toBe(false);
  });

  it('deletes', async () => {
    await store.put('CA-TEST', 'deed.pdf', ALL_BYTES);
    expect(await store.delete('CA-TEST', 'deed.pdf')).toBe(true);
    expect(await store.exists('CA-TEST', 'deed.pdf')).toBe(false);
    expect(await store.get('CA-TEST', 'deed.pdf')).toBeUndefined();
    expect(await store.delete('CA-TEST', 'deed.pdf')).toBe(false);
  });

  it('replaces by rename: an open reader keeps the old bytes whole, no temporary file is left', async () => {
    const before = Buffer.alloc(1024 * 1024, 'a');
    const after = Buffer.alloc(512 * 1024, 'b');
    await store.put('CA-TEST', 'deed.pdf', before);
    const reading = await store.get('CA-TEST', 'deed.pdf');
    await store.put('CA-TEST', 'deed.pdf', after);
    expect(await buffer(reading!.stream)).toEqual(before);
    expect(await read('CA-TEST', 'deed.pdf')).toEqual({ size: after.length, bytes: after });
    expect(await readdir(path.join(root, 'CA-TEST'))).toEqual(['deed.pdf']);
  });

  it('a read overtaken by a put of the same key still finds the object, whole', async () => {
    // Two alerts on one document write its excerpt at once while its first mail reads it: a
    // reader whose file is renamed over between its open and its check of what it opened must
    // not take the object for missing.
    const versions = [Buffer.alloc(20_000, 'a'), Buffer.alloc(30_000, 'b')];
    await store.put('CA-TEST', 'deed.pdf', versions[0]!);
    const found: (Buffer | undefined)[] = [];
    for (let round = 0; round < 100; round++) {
      const puts = versions.map((v) => store.put('CA-TEST', 'deed.pdf', v));
      const reads: Promise<void>[] = [];
      for (let i = 0; i < 20; i++) {
        reads.push(read('CA-TEST', 'deed.pdf').then((blob) => void found.push(blob?.bytes)));
        await new Promise((resolve) => setImmediate(resolve));
      }
      await Promise.all([...puts, ...reads]);
    }
    expect(found.filter((bytes) => bytes === undefined)).toHaveLength(0);
    for (const bytes of found) expect(versions.some((v) => v.equals(bytes!))).toBe(true);
  });

  it('a failed write leaves the old object and no temporary file', async () => {
    await store.put('CA-TEST', 'deed.pdf', ALL_BYTES);
    await expect(
      store.put('CA-TEST', 'deed.pdf', { not: 'bytes' } as unknown as Uint8Array),
    ).rejects.toThrow();
    expect((await read('CA-TEST', 'deed.pdf'))?.bytes).toEqual(ALL_BYTES);
    expect(await readdir(path.join(root, 'CA-TEST'))).toEqual(['deed.pdf']);
  });

  describe.each(UNSAFE_KEYS)('a key with %s', (_label, bad) => {
    const calls = (s: BlobStore, container: string, name: string) => [
      () => s.put(container, name, Buffer.from('x')),
      () => s.get(container, name),
      () => s.exists(container, name),
      () => s.delete(container, name),
    ];

    it.each(['container', 'name'] as const)(
      'is refused as a %s by put, get, exists and delete',
      async (part) => {
        const badCalls =
          part === 'container' ? calls(store, bad, 'secret.txt') : calls(store, 'CA-TEST', bad);
        for (const call of badCalls) {
          const err = await call().then(
            () => undefined,
            (e: unknown) => e,
          );
          expect(err).toBeInstanceOf(InvalidBlobKeyError);
          expect((err as InvalidBlobKeyError).part).toBe(part);
        }
      },
    );

    it('changes nothing outside or inside the store', async () => {
      for (const call of [...calls(store, bad, 'secret.txt'), ...calls(store, 'CA-TEST', bad)]) {
        await call().catch(() => undefined);
      }
      expect(await readdir(root)).toEqual([]);
      expect(await readFile(path.join(dir, 'secret.txt'), 'utf8')).toBe(SECRET);
      expect(await readdir(dir)).toEqual(['documents', 'documents-evil', 'secret.txt']);
    });
  });

  it('does not follow a symlink planted at an object', async () => {
    await mkdir(path.join(root, 'CA-TEST'));
    await symlink(path.join(dir, 'secret.txt'), path.join(root, 'CA-TEST', 'link.pdf'));
    expect(await store.get('CA-TEST', 'link.pdf')).toBeUndefined();
    expect(await store.exists('CA-TEST', 'link.pdf')).toBe(false);
  });

  it('refuses a container directory that is a symbolic link, on read and on write', async () => {
    // A container planted as a link to a folder outside, holding a file named like a document.
    const outside = path.join(dir, 'outside');
    await mkdir(outside);
    await writeFile(path.join(outside, 'deed.pdf'), SECRET);
    await symlink(outside, path.join(root, 'CA-TEST'));

    expect(await store.get('CA-TEST', 'deed.pdf')).toBeUndefined();
    expect(await store.exists('CA-TEST', 'deed.pdf')).toBe(false);
    expect(await store.delete('CA-TEST', 'deed.pdf')).toBe(false);
    await expect(store.put('CA-TEST', 'deed.pdf', ALL_BYTES)).rejects.toBeInstanceOf(
      UnsafeBlobContainerError,
    );
    await expect(store.put('CA-TEST', 'new.pdf', ALL_BYTES)).rejects.toBeInstanceOf(
      UnsafeBlobContainerError,
    );
    expect(await readFile(path.join(outside, 'deed.pdf'), 'utf8')).toBe(SECRET);
    expect(await readdir(outside)).toEqual(['deed.pdf']);
  });

  it('works under a root that is itself a link an operator made', async () => {
    const linked = path.join(dir, 'documents-link');
    await symlink(root, linked);
    const viaLink = createFileBlobStore(linked);
    await viaLink.put('CA-TEST', 'deed.pdf', ALL_BYTES);
    expect((await read('CA-TEST', 'deed.pdf'))?.bytes).toEqual(ALL_BYTES);
    const blob = await viaLink.get('CA-TEST', 'deed.pdf');
    expect(blob && (await buffer(blob.stream))).toEqual(ALL_BYTES);
  });

  it('reads only regular files: not a directory, not a FIFO (without hanging)', async () => {
    await mkdir(path.join(root, 'CA-TEST', 'folder.pdf'), { recursive: true });
    execFileSync('mkfifo', [path.join(root, 'CA-TEST', 'pipe.pdf')]);
    expect(await store.get('CA-TEST', 'folder.pdf')).toBeUndefined();
    expect(await store.exists('CA-TEST', 'folder.pdf')).toBe(false);
    expect(await store.delete('CA-TEST', 'folder.pdf')).toBe(false);
    expect(await store.get('CA-TEST', 'pipe.pdf')).toBeUndefined();
    expect(await store.exists('CA-TEST', 'pipe.pdf')).toBe(false);
  });

  it('stores what a stream yields, chunk by chunk', async () => {
    const chunks = [ALL_BYTES.subarray(0, 100), 'text', ALL_BYTES.subarray(100)];
    await store.put('CA-TEST', 'deed.pdf', Readable.from(chunks));
    const expected = Buffer.concat([
      ALL_BYTES.subarray(0, 100),
      Buffer.from('text'),
      ALL_BYTES.subarray(100),
    ]);
    expect(await read('CA-TEST', 'deed.pdf')).toEqual({ size: 260, bytes: expected });
  });

  it('a stream that fails leaves the old object and no temporary file', async () => {
    await store.put('CA-TEST', 'deed.pdf', ALL_BYTES);
    let sent = 0;
    const failing = new Readable({
      read() {
        if (sent++ < 3) this.push(Buffer.alloc(64 * 1024, 1));
        else this.destroy(new Error('the source went away'));
      },
    });
    await expect(store.put('CA-TEST', 'deed.pdf', failing)).rejects.toThrow('the source went away');
    expect((await read('CA-TEST', 'deed.pdf'))?.bytes).toEqual(ALL_BYTES);
    expect(await readdir(path.join(root, 'CA-TEST'))).toEqual(['deed.pdf']);
  });

  it('lists its objects in order, and no link, folder, FIFO or write in progress', async () => {
    await store.put('B', 'two.pdf', Buffer.from('22'));
    await store.put('A', 'one.pdf', Buffer.from('1'));
    await store.put('A', 'three.pdf', Buffer.from('333'));
    await symlink(path.join(dir, 'secret.txt'), path.join(root, 'A', 'link.pdf'));
    await symlink(path.join(dir, 'documents-evil'), path.join(root, 'EVIL'));
    await mkdir(path.join(root, 'A', 'folder.pdf'));
    execFileSync('mkfifo', [path.join(root, 'A', 'pipe.pdf')]);
    await writeFile(path.join(root, 'A', '.partial-123'), 'half');
    await writeFile(path.join(root, 'loose.pdf'), 'x');
    const listed = [];
    for await (const o of store.list()) listed.push(o);
    expect(listed).toEqual([
      { container: 'A', name: 'one.pdf', size: 1 },
      { container: 'A', name: 'three.pdf', size: 3 },
      { container: 'B', name: 'two.pdf', size: 2 },
    ]);
    const none = createFileBlobStore(path.join(dir, 'not-there'));
    for await (const o of none.list()) expect.unreachable(`listed ${o.name}`);
  });

  it('works with a relative root, resolved once', async () => {
    const relative = createFileBlobStore(path.relative(process.cwd(), root));
    await relative.put('CA-TEST', 'deed.pdf', ALL_BYTES);
    expect((await read('CA-TEST', 'deed.pdf'))?.bytes).toEqual(ALL_BYTES);
  });
});
