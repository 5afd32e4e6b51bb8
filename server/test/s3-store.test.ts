import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import {
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';
import { ingestFolder } from '../src/engine/ingest/ingest.service.ts';
import {
  type BlobStore,
  createFileBlobStore,
  InvalidBlobKeyError,
} from '../src/storage/blob-store.ts';
import { copyStore } from '../src/storage/copy-store.ts';
import { createBlobStore } from '../src/storage/document-store.ts';
import { createS3BlobStore, createS3Client, S3_PART_BYTES } from '../src/storage/s3-blob-store.ts';
import { createCounty, createStaff } from './helpers/factories.ts';
import { feedFolder, feedLine, feedPdf, writeFeed } from './helpers/feed.ts';
import { runScript } from './helpers/run-script.ts';
import { type LocalS3, startLocalS3 } from './helpers/s3rver.ts';
import { signInStaff } from './helpers/sign-in.ts';
import { startTestApp, type TestApp } from './helpers/test-app.ts';

// The S3-compatible document store against a real S3-compatible server (s3rver) through the real
// AWS SDK: the same keys, refusals and behaviour as the folder store, streamed both ways.

const ALL_BYTES = Buffer.from(Array.from({ length: 256 }, (_, i) => i));

const UNSAFE_KEYS: [string, string][] = [
  ['empty', ''],
  ['256 bytes', 'a'.repeat(256)],
  ['a slash', 'a/b'],
  ['a backslash', 'a\\b'],
  ['.', '.'],
  ['..', '..'],
  ['a traversal', '../secret.txt'],
  ['an absolute path', '/etc/passwd'],
  ['NUL', 'doc.pdf\0.txt'],
  ['a newline', 'doc\n.pdf'],
  ['a right-to-left override', 'doc\u202efdp.exe'],
  ['fullwidth full stops (fold to ..)', '\uff0e\uff0e'],
  ['a fullwidth solidus (folds to /)', '..\uff0fsecret.txt'],
  ['a lone surrogate', 'doc\ud800.pdf'],
  ['the temporary-file prefix', '.partial-0123'],
];
// s3rver keeps objects as files named after the key, so its segments stop short of 255 bytes.
const SAFE_KEYS = ['a'.repeat(200), '...', '..a', '%2e%2e%2fsecret.txt', 'ünïcødé deed.pdf'];

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** A stream of `total` bytes made as it is read, 1 MiB at a time: never whole in memory. */
function generated(total: number, seed = 7): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= total) return void this.push(null);
      const size = Math.min(1024 * 1024, total - sent);
      const chunk = Buffer.alloc(size);
      for (let i = 0; i < size; i++) chunk[i] = (sent + i) * seed;
      sent += size;
      this.push(chunk);
    },
  });
}

async function hashOf(stream: Readable): Promise<{ sha256: string; bytes: number }> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    hash.update(chunk);
    bytes += chunk.length;
  }
  return { sha256: hash.digest('hex'), bytes };
}

let s3: LocalS3;
beforeAll(async () => {
  s3 = await startLocalS3();
});
afterAll(() => s3.close());

let bucketCount = 0;
const nextBucket = () => `deedwatch-test-${process.pid}-${++bucketCount}`;

describe('the S3 document store', () => {
  let bucket: string;
  let raw: S3Client;
  let store: BlobStore;
  /** Requests the store's client sent, counted in the real SDK's middleware stack. */
  let requests: number;

  beforeEach(async () => {
    bucket = nextBucket();
    raw = await s3.createBucket(bucket);
    const client = createS3Client(s3.settings(bucket));
    requests = 0;
    client.middlewareStack.add(
      (next) => (args) => {
        requests++;
        return next(args);
      },
      { step: 'initialize' },
    );
    store = createS3BlobStore(s3.settings(bucket), client);
  });

  const keys = async () =>
    ((await raw.send(new ListObjectsV2Command({ Bucket: bucket }))).Contents ?? []).map(
      (o) => o.Key,
    );
  const read = async (container: string, name: string) => {
    const blob = await store.get(container, name);
    return blob && { size: blob.size, bytes: await buffer(blob.stream) };
  };

  it('round-trips bytes exactly, as the object <container>/<name>', async () => {
    await store.put('CA-TEST', 'deed.pdf', ALL_BYTES);
    expect(await keys()).toEqual(['CA-TEST/deed.pdf']);
    const object = await raw.send(
      new GetObjectCommand({ Bucket: bucket, Key: 'CA-TEST/deed.pdf' }),
    );
    expect(Buffer.from(await object.Body!.transformToByteArray())).toEqual(ALL_BYTES);
    expect(await store.exists('CA-TEST', 'deed.pdf')).toBe(true);
    expect(await read('CA-TEST', 'deed.pdf')).toEqual({ size: 256, bytes: ALL_BYTES });
  });

  it.each(SAFE_KEYS)('round-trips the key %j as container and as name', async (key) => {
    await store.put(key, 'file', ALL_BYTES);
    await store.put('container', key, ALL_BYTES);
    expect((await read(key, 'file'))?.bytes).toEqual(ALL_BYTES);
    expect((await read('container', key))?.bytes).toEqual(ALL_BYTES);
    expect((await keys()).sort()).toEqual([`${key}/file`, `container/${key}`].sort());
  });

  it('answers undefined / false for a missing object or container, and deletes', async () => {
    await store.put('CA-TEST', 'deed.pdf', ALL_BYTES);
    expect(await store.get('CA-TEST', 'other.pdf')).toBeUndefined();
    expect(await store.get('NOPE', 'deed.pdf')).toBeUndefined();
    expect(await store.exists('CA-TEST', 'other.pdf')).toBe(false);
    expect(await store.delete('CA-TEST', 'other.pdf')).toBe(false);
    expect(await store.delete('CA-TEST', 'deed.pdf')).toBe(true);
    expect(await store.exists('CA-TEST', 'deed.pdf')).toBe(false);
    expect(await store.get('CA-TEST', 'deed.pdf')).toBeUndefined();
    expect(await store.delete('CA-TEST', 'deed.pdf')).toBe(false);
    expect(await keys()).toEqual([]);
  });

  it('replaces an object whole', async () => {
    await store.put('CA-TEST', 'deed.pdf', Buffer.alloc(1024, 'a'));
    await store.put('CA-TEST', 'deed.pdf', Buffer.alloc(512, 'b'));
    expect(await read('CA-TEST', 'deed.pdf')).toEqual({
      size: 512,
      bytes: Buffer.alloc(512, 'b'),
    });
  });

  it('streams in a body larger than one part (a multipart upload) and streams it out', async () => {
    const size = 2 * S3_PART_BYTES + 12_345;
    const expected = await hashOf(generated(size));
    await store.put('CA-TEST', 'big.pdf', generated(size));
    const blob = await store.get('CA-TEST', 'big.pdf');
    expect(blob?.size).toBe(size);
    // The body is the response stream itself, read as it arrives.
    expect(blob?.stream).toBeInstanceOf(Readable);
    expect(await hashOf(blob!.stream)).toEqual(expected);
  });

  it('streams in a small body as one object', async () => {
    await store.put(
      'CA-TEST',
      'small.pdf',
      Readable.from([ALL_BYTES.subarray(0, 100), ALL_BYTES.subarray(100)]),
    );
    expect(await read('CA-TEST', 'small.pdf')).toEqual({ size: 256, bytes: ALL_BYTES });
  });

  it('stores nothing from a stream that fails, and keeps the old object', async () => {
    await store.put('CA-TEST', 'deed.pdf', ALL_BYTES);
    let sent = 0;
    const failing = new Readable({
      read() {
        if (sent++ < 10) this.push(Buffer.alloc(1024 * 1024, 1));
        else this.destroy(new Error('the source went away'));
      },
    });
    await expect(store.put('CA-TEST', 'deed.pdf', failing)).rejects.toThrow();
    await expect(
      store.put(
        'CA-TEST',
        'new.pdf',
        new Readable({
          read() {
            this.destroy(new Error('nothing to read'));
          },
        }),
      ),
    ).rejects.toThrow();
    expect((await read('CA-TEST', 'deed.pdf'))?.bytes).toEqual(ALL_BYTES);
    expect(await keys()).toEqual(['CA-TEST/deed.pdf']);
  });

  describe.each(UNSAFE_KEYS)('a key with %s', (_label, bad) => {
    const calls = (s: BlobStore, container: string, name: string) => [
      () => s.put(container, name, Buffer.from('x')),
      () => s.put(container, name, Readable.from([Buffer.from('x')])),
      () => s.get(container, name),
      () => s.exists(container, name),
      () => s.delete(container, name),
    ];

    it('is refused as container and as name by every method, before any request', async () => {
      for (const [part, container, name] of [
        ['container', bad, 'secret.txt'],
        ['name', 'CA-TEST', bad],
      ] as const) {
        for (const call of calls(store, container, name)) {
          const err = await call().then(
            () => undefined,
            (e: unknown) => e,
          );
          expect(err).toBeInstanceOf(InvalidBlobKeyError);
          expect((err as InvalidBlobKeyError).part).toBe(part);
        }
      }
      expect(requests).toBe(0);
      expect(await keys()).toEqual([]);
    });
  });

  it('lists its objects in key order, and nothing that is not <container>/<name> with valid parts', async () => {
    await store.put('B', 'two.pdf', Buffer.from('22'));
    await store.put('A', 'one.pdf', Buffer.from('1'));
    await store.put('A', 'three.pdf', Buffer.from('333'));
    // Written around the store: keys it would never write.
    for (const Key of ['loose.pdf', 'A/deeper/x.pdf', 'A/.partial-1', 'A/', '../x/y']) {
      await raw.send(new PutObjectCommand({ Bucket: bucket, Key, Body: 'x' }));
    }
    const listed = [];
    for await (const o of store.list()) listed.push(o);
    expect(listed).toEqual([
      { container: 'A', name: 'one.pdf', size: 1 },
      { container: 'A', name: 'three.pdf', size: 3 },
      { container: 'B', name: 'two.pdf', size: 2 },
    ]);
  });
});

describe('copying a folder store into a bucket', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'deedwatch-copy-'));
    return () => rm(dir, { recursive: true, force: true });
  });

  const fill = async (store: BlobStore, count: number) => {
    const written = new Map<string, string>();
    for (let i = 0; i < count; i++) {
      const bytes = Buffer.from(`%PDF-1.7 document ${i} `.repeat(i + 1));
      const container = i % 3 === 0 ? 'alert-excerpts' : 'SAC';
      await store.put(container, `DOC-${i}.pdf`, bytes);
      written.set(`${container}/DOC-${i}.pdf`, sha256(bytes));
    }
    return written;
  };
  const contents = async (store: BlobStore) => {
    const found = new Map<string, string>();
    for await (const o of store.list()) {
      const blob = await store.get(o.container, o.name);
      found.set(`${o.container}/${o.name}`, sha256(await buffer(blob!.stream)));
    }
    return found;
  };

  it('copies every object with its key and bytes; a second run copies nothing again', async () => {
    const bucket = nextBucket();
    await s3.createBucket(bucket);
    const folder = createFileBlobStore(dir);
    const written = await fill(folder, 40);
    const target = createS3BlobStore(s3.settings(bucket));

    const first = await copyStore(folder, target, { concurrency: 4 });
    expect(first).toMatchObject({ objects: 40, copied: 40, skipped: 0, vanished: 0 });
    expect(await contents(target)).toEqual(written);

    // A changed object (another size) is copied again; the rest are skipped.
    await folder.put('SAC', 'DOC-1.pdf', Buffer.from('%PDF-1.7 changed'));
    written.set('SAC/DOC-1.pdf', sha256(Buffer.from('%PDF-1.7 changed')));
    const second = await copyStore(folder, target);
    expect(second).toMatchObject({ objects: 40, copied: 1, skipped: 39 });
    expect(await contents(target)).toEqual(written);
  });

  it('npm run store:copy-to-s3 copies DOCUMENTS_DIR into the configured bucket', async () => {
    const bucket = nextBucket();
    await s3.createBucket(bucket);
    const written = await fill(createFileBlobStore(dir), 5);
    const env = { DOCUMENTS_DIR: dir, ...s3.env(bucket), DOCUMENT_STORE: 'fs', LOG_LEVEL: 'warn' };
    const run = await runScript('copy-store-to-s3.ts', [], env);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/"copied": 5/);
    expect(await contents(createS3BlobStore(s3.settings(bucket)))).toEqual(written);

    const without = await runScript('copy-store-to-s3.ts', [], { DOCUMENTS_DIR: dir });
    expect(without.code).toBe(2);
    expect(without.stderr).toMatch(/Set S3_BUCKET/);

    // A bucket nobody answers for, or an option it does not have: one line saying what to
    // check, never a stack trace.
    const unreachable = await runScript('copy-store-to-s3.ts', [], {
      ...env,
      S3_ENDPOINT: 'http://127.0.0.1:9',
    });
    expect(unreachable.code).toBe(1);
    expect(unreachable.stderr).toMatch(
      /stopped after 0 objects: .*Check S3_BUCKET, S3_REGION, S3_ENDPOINT/,
    );
    expect(unreachable.stderr).not.toMatch(/^\s+at /m);
    const unknown = await runScript('copy-store-to-s3.ts', ['--help'], env);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('Usage: npm run store:copy-to-s3 [-- --overwrite]');
    expect(unknown.stderr).not.toMatch(/^\s+at /m);
  });
});

describe('DOCUMENT_STORE=s3 in the configuration', () => {
  const base = {
    DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/d',
    SESSION_SECRET: 'x'.repeat(32),
    MAIL_TRANSPORT: 'outbox',
  };

  it('builds the S3 settings, and the store from them', () => {
    const config = loadConfig({ ...base, ...s3.env('some-bucket') });
    expect(config.documentStore).toBe('s3');
    expect(config.s3).toEqual(s3.settings('some-bucket'));
    expect(loadConfig(base)).toMatchObject({ documentStore: 'fs', s3: undefined });
  });

  it.each([
    [{ DOCUMENT_STORE: 's3' }, /S3_BUCKET is required when DOCUMENT_STORE is s3/],
    [{ DOCUMENT_STORE: 'gcs' }, /DOCUMENT_STORE must be fs or s3/],
    [{ S3_BUCKET: 'Bad_Bucket' }, /S3_BUCKET must be a bucket name/],
    [
      { S3_BUCKET: 'b-1', S3_ENDPOINT: 'http://minio:9000/path' },
      /S3_ENDPOINT must be http\(s\):\/\/host\[:port\]/,
    ],
    [
      { S3_BUCKET: 'b-1', S3_ACCESS_KEY_ID: 'id' },
      /S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together/,
    ],
    [{ S3_BUCKET: 'b-1', S3_FORCE_PATH_STYLE: 'yes' }, /S3_FORCE_PATH_STYLE must be true or false/],
  ])('refuses %j', (env, message) => {
    expect(() => loadConfig({ ...base, ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, ...env })).toThrow(message);
  });
});

describe('the app and the engine on DOCUMENT_STORE=s3', () => {
  let t: TestApp;
  let bucket: string;
  let raw: S3Client;
  beforeAll(async () => {
    bucket = nextBucket();
    raw = await s3.createBucket(bucket);
    t = await startTestApp(s3.env(bucket));
  });
  afterAll(() => t?.close());

  it('ingests a PDF into the bucket, and serves it back to staff', async () => {
    expect(createBlobStore(t.config)).toBeDefined();
    await createCounty(t.db, { name: 'Bucket', code: 'BKT' });
    const folder = await feedFolder();
    const line = feedLine('BKT', new Date(), { documentNumber: 'BKT-1' });
    const pdf = Buffer.from(await feedPdf(line, 3, [], 'Bucket'));
    await writeFeed(folder, [line], { 'BKT-1.pdf': pdf });
    const summary = await ingestFolder(t.engine, folder);
    expect(summary.documents).toBe(1);
    await rm(folder, { recursive: true, force: true });

    const object = await raw.send(new GetObjectCommand({ Bucket: bucket, Key: 'BKT/BKT-1.pdf' }));
    expect(Buffer.from(await object.Body!.transformToByteArray()).equals(pdf)).toBe(true);

    const staff = await createStaff(t.db, 'customersupport');
    const cookie = await signInStaff(t, staff.email);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/document/download?containerName=BKT&fileName=BKT-1.pdf',
      headers: { cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-length']).toBe(String(pdf.length));
    expect(res.rawPayload.equals(pdf)).toBe(true);

    // A row whose object is not in the bucket is the same 404 as with the folder store.
    await writeFile(path.join(os.tmpdir(), 'unused'), '');
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/document/download?containerName=BKT&fileName=NOPE.pdf',
      headers: { cookie },
    });
    expect(missing.statusCode).toBe(404);
  });
});
