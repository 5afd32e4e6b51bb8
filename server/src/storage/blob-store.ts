import { randomUUID } from 'node:crypto';
import { constants } from 'node:fs';
import { lstat, mkdir, open, rm, rename, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/** A stored object: its size in bytes and a stream of them. */
export type StoredBlob = {
  size: number;
  /** Read it to the end or destroy it: until then it holds an open file. */
  stream: Readable;
};

/**
 * Recorded documents by `container/name` → bytes (DESIGN.md §3). Every method refuses, with an
 * InvalidBlobKeyError, a container or name that is not one safe path segment (see blobKeyProblem),
 * so an implementation over a filesystem or an S3-compatible store gets the same keys.
 */
export interface BlobStore {
  /** Stores the bytes, replacing any object of that key; readers see the old or the new, whole. */
  put(container: string, name: string, bytes: Uint8Array): Promise<void>;
  /** The object, or undefined when there is none. */
  get(container: string, name: string): Promise<StoredBlob | undefined>;
  exists(container: string, name: string): Promise<boolean>;
  /** True when an object was deleted, false when there was none. */
  delete(container: string, name: string): Promise<boolean>;
}

export type BlobKeyPart = 'container' | 'name';

export class InvalidBlobKeyError extends Error {
  readonly part: BlobKeyPart;
  readonly reason: string;
  constructor(part: BlobKeyPart, value: unknown, reason: string) {
    // JSON.stringify escapes control characters, so the value is safe to log.
    const shown = typeof value === 'string' ? JSON.stringify(value.slice(0, 100)) : typeof value;
    super(`Invalid blob ${part} ${shown}: ${reason}`);
    this.name = 'InvalidBlobKeyError';
    this.part = part;
    this.reason = reason;
  }
}

/** NAME_MAX of ext4, xfs and most other filesystems, in bytes; also well within S3's key limit. */
export const MAX_BLOB_KEY_BYTES = 255;

/** Prefix of the temporary files of writes in progress: never a key, so never read as one. */
const TEMP_PREFIX = '.partial-';

// Control (Cc), format (Cf: bidi overrides, zero-width characters) and line/paragraph separators.
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;
const SEPARATOR = /[/\\]/;

/**
 * Why `value` cannot be a container or a name, or undefined when it can. A key is one path
 * segment: not empty, at most 255 UTF-8 bytes, well-formed Unicode without control characters,
 * no `/` or `\`, not `.` or `..` — and none of that after Unicode compatibility folding
 * either (U+2024 ONE DOT LEADER and U+FF0E FULLWIDTH FULL STOP fold to `.`, U+FF0F to `/`),
 * in case any layer between here and the disk normalises names.
 */
export function blobKeyProblem(value: unknown): string | undefined {
  if (typeof value !== 'string') return 'must be a string';
  if (value.length === 0) return 'must not be empty';
  if (Buffer.byteLength(value, 'utf8') > MAX_BLOB_KEY_BYTES) {
    return `must be at most ${MAX_BLOB_KEY_BYTES} bytes long`;
  }
  if (!value.isWellFormed()) return 'must be valid Unicode text';
  const folded = value.normalize('NFKC');
  if (INVISIBLE.test(value) || INVISIBLE.test(folded)) {
    return 'must not contain control characters';
  }
  if (SEPARATOR.test(value) || SEPARATOR.test(folded)) {
    return 'must be a single name, without / or \\';
  }
  if (value === '.' || value === '..' || folded === '.' || folded === '..') {
    return "must not be '.' or '..'";
  }
  if (value.startsWith(TEMP_PREFIX)) return `must not start with '${TEMP_PREFIX}'`;
  return undefined;
}

function assertKey(part: BlobKeyPart, value: unknown): asserts value is string {
  const problem = blobKeyProblem(value);
  if (problem) throw new InvalidBlobKeyError(part, value, problem);
}

const errorCode = (err: unknown) =>
  typeof err === 'object' && err !== null && 'code' in err ? err.code : undefined;

/** The object is not there: no file, no container directory, or a symlink we will not follow. */
const isAbsent = (err: unknown) => ['ENOENT', 'ENOTDIR', 'ELOOP'].includes(String(errorCode(err)));

/**
 * A BlobStore over a directory: `<root>/<container>/<name>`. Keys are checked by blobKeyProblem,
 * then the resolved path must still be exactly one container directory and one file below the
 * root; reads never follow a symlink at the file and open only regular files.
 */
export function createFileBlobStore(root: string): BlobStore {
  const base = path.resolve(root);

  function locate(container: string, name: string) {
    assertKey('container', container);
    assertKey('name', name);
    const dir = path.resolve(base, container);
    const file = path.resolve(dir, name);
    // Unreachable for keys that passed the checks above; kept so a gap in them cannot escape.
    if (path.dirname(dir) !== base || path.dirname(file) !== dir) {
      throw new InvalidBlobKeyError('name', name, 'resolves outside the store');
    }
    return { dir, file };
  }

  return {
    async put(container, name, bytes) {
      const { dir, file } = locate(container, name);
      await mkdir(dir, { recursive: true });
      const temp = path.join(dir, `${TEMP_PREFIX}${randomUUID()}`);
      try {
        const handle = await open(temp, 'wx', 0o644);
        try {
          await handle.writeFile(bytes);
          await handle.sync();
        } finally {
          await handle.close();
        }
        await rename(temp, file);
      } catch (err) {
        await rm(temp, { force: true });
        throw err;
      }
      // The rename is durable only once the directory entry is flushed too.
      const dirHandle = await open(dir, 'r');
      try {
        await dirHandle.sync();
      } finally {
        await dirHandle.close();
      }
    },

    async get(container, name) {
      const { file } = locate(container, name);
      let handle;
      try {
        // O_NONBLOCK: a FIFO planted in the store must not hang the open.
        handle = await open(file, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
      } catch (err) {
        if (isAbsent(err)) return undefined;
        throw err;
      }
      try {
        const stats = await handle.stat();
        if (!stats.isFile()) {
          await handle.close();
          return undefined;
        }
        return { size: stats.size, stream: handle.createReadStream() };
      } catch (err) {
        await handle.close();
        throw err;
      }
    },

    async exists(container, name) {
      const { file } = locate(container, name);
      try {
        return (await lstat(file)).isFile();
      } catch (err) {
        if (isAbsent(err)) return false;
        throw err;
      }
    },

    async delete(container, name) {
      const { file } = locate(container, name);
      try {
        await unlink(file);
        return true;
      } catch (err) {
        // A directory is not an object of the store.
        if (isAbsent(err) || errorCode(err) === 'EISDIR') return false;
        throw err;
      }
    },
  };
}
