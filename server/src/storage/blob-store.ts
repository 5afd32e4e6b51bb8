import { randomUUID } from 'node:crypto';
import { constants } from 'node:fs';
import { lstat, mkdir, open, readdir, realpath, rm, rename, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { openedPath } from '../lib/safe-fs.ts';

/** A stored object: its size in bytes and a stream of them. */
export type StoredBlob = {
  size: number;
  /** Read it to the end or destroy it: until then it holds an open file. */
  stream: Readable;
};

/** One object of a store, as listed. */
export type BlobEntry = { container: string; name: string; size: number };

/**
 * Recorded documents by `container/name` → bytes. Every method refuses, with an
 * InvalidBlobKeyError, a container or name that is not one safe path segment (see blobKeyProblem),
 * so an implementation over a filesystem or an S3-compatible store gets the same keys.
 */
export interface BlobStore {
  /**
   * Stores the bytes, or what the stream yields (read as it comes, never held whole), replacing
   * any object of that key; readers see the old or the new, whole. A stream that fails stores
   * nothing.
   */
  put(container: string, name: string, body: Uint8Array | Readable): Promise<void>;
  /** The object, or undefined when there is none. */
  get(container: string, name: string): Promise<StoredBlob | undefined>;
  exists(container: string, name: string): Promise<boolean>;
  /** True when an object was deleted, false when there was none. */
  delete(container: string, name: string): Promise<boolean>;
  /**
   * Every object of the store, in a stable order. What is not an object of the store (a link, a
   * write in progress, a key that is not two valid parts) is left out.
   */
  list(): AsyncIterable<BlobEntry>;
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

export function assertBlobKey(part: BlobKeyPart, value: unknown): asserts value is string {
  const problem = blobKeyProblem(value);
  if (problem) throw new InvalidBlobKeyError(part, value, problem);
}

/** A container directory of the store is a symbolic link (or not a directory): never followed. */
export class UnsafeBlobContainerError extends Error {
  readonly container: string;
  constructor(container: string, reason: string) {
    // JSON.stringify escapes control characters, so the value is safe to log.
    super(`Blob container ${JSON.stringify(container)} ${reason}: refused`);
    this.name = 'UnsafeBlobContainerError';
    this.container = container;
  }
}

const errorCode = (err: unknown) =>
  typeof err === 'object' && err !== null && 'code' in err ? err.code : undefined;

/** The object is not there: no file, no container directory, or a symlink we will not follow. */
const isAbsent = (err: unknown) =>
  err instanceof UnsafeBlobContainerError ||
  ['ENOENT', 'ENOTDIR', 'ELOOP'].includes(String(errorCode(err)));

/**
 * A BlobStore over a directory: `<root>/<container>/<name>`. Keys are checked by blobKeyProblem,
 * then the resolved path must still be exactly one container directory and one file below the
 * root. No symbolic link inside the store is followed: a container directory that is a link is
 * refused on read and write, reads never follow a link at the file and open only regular
 * files, and every file opened is checked, once open, to be at `<root>/<container>/<name>`
 * (the root itself is resolved once per call, so it may be a link an operator made).
 */
export function createFileBlobStore(root: string): BlobStore {
  const base = path.resolve(root);

  function checkKeys(container: string, name: string) {
    assertBlobKey('container', container);
    assertBlobKey('name', name);
    const dir = path.resolve(base, container);
    const file = path.resolve(dir, name);
    // Unreachable for keys that passed the checks above; kept so a gap in them cannot escape.
    if (path.dirname(dir) !== base || path.dirname(file) !== dir) {
      throw new InvalidBlobKeyError('name', name, 'resolves outside the store');
    }
  }

  /**
   * The real path of the container directory, checked to be a directory and not a link;
   * created (with the root) when `create`. Throws ENOENT when it is not there.
   */
  async function containerDir(container: string, create: boolean): Promise<string> {
    if (create) await mkdir(base, { recursive: true });
    const dir = path.join(await realpath(base), container);
    if (create) {
      await mkdir(dir).catch((err: unknown) => {
        if (errorCode(err) !== 'EEXIST') throw err;
      });
    }
    const info = await lstat(dir);
    if (info.isSymbolicLink()) throw new UnsafeBlobContainerError(container, 'is a symbolic link');
    if (!info.isDirectory()) throw new UnsafeBlobContainerError(container, 'is not a directory');
    return dir;
  }

  /**
   * Whether the open file is `expected` itself, not a file reached through a swapped link. A
   * file replaced since it was opened (a put of the same key renamed over it) or deleted reads
   * as `<expected> (deleted)`: it was the object when opened, and is read whole.
   */
  async function isAt(handle: Awaited<ReturnType<typeof open>>, expected: string) {
    const where = await openedPath(handle);
    return where === undefined || where === expected || where === `${expected} (deleted)`;
  }

  return {
    async put(container, name, body) {
      checkKeys(container, name);
      const dir = await containerDir(container, true);
      const file = path.join(dir, name);
      const temp = path.join(dir, `${TEMP_PREFIX}${randomUUID()}`);
      try {
        const handle = await open(temp, 'wx', 0o644);
        try {
          if (!(await isAt(handle, temp))) {
            throw new UnsafeBlobContainerError(container, 'was replaced by a symbolic link');
          }
          if (body instanceof Uint8Array) await handle.writeFile(body);
          else {
            for await (const chunk of body as AsyncIterable<Uint8Array | string>) {
              await handle.write(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
            }
          }
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
      const dirHandle = await open(
        dir,
        constants.O_RDONLY | constants.O_DIRECTORY | constants.O_NOFOLLOW,
      );
      try {
        await dirHandle.sync();
      } finally {
        await dirHandle.close();
      }
    },

    async get(container, name) {
      checkKeys(container, name);
      let handle;
      let file;
      try {
        file = path.join(await containerDir(container, false), name);
        // O_NONBLOCK: a FIFO planted in the store must not hang the open.
        handle = await open(file, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
      } catch (err) {
        if (isAbsent(err)) return undefined;
        throw err;
      }
      try {
        const stats = await handle.stat();
        if (!stats.isFile() || !(await isAt(handle, file))) {
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
      checkKeys(container, name);
      try {
        const dir = await containerDir(container, false);
        return (await lstat(path.join(dir, name))).isFile();
      } catch (err) {
        if (isAbsent(err)) return false;
        throw err;
      }
    },

    async delete(container, name) {
      checkKeys(container, name);
      try {
        const dir = await containerDir(container, false);
        await unlink(path.join(dir, name));
        return true;
      } catch (err) {
        // A directory is not an object of the store.
        if (isAbsent(err) || errorCode(err) === 'EISDIR') return false;
        throw err;
      }
    },

    async *list() {
      const entries = async (dir: string) => {
        try {
          const found = await readdir(dir, { withFileTypes: true });
          return found.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
        } catch (err) {
          if (isAbsent(err)) return [];
          throw err;
        }
      };
      // Dirents come from lstat: a link is neither a directory nor a file, so none is followed.
      for (const container of await entries(base)) {
        if (!container.isDirectory() || blobKeyProblem(container.name)) continue;
        const dir = path.join(base, container.name);
        for (const file of await entries(dir)) {
          if (!file.isFile() || blobKeyProblem(file.name)) continue;
          let size;
          try {
            size = (await lstat(path.join(dir, file.name))).size;
          } catch (err) {
            if (isAbsent(err)) continue;
            throw err;
          }
          yield { container: container.name, name: file.name, size };
        }
      }
    },
  };
}
