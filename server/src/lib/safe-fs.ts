import { randomUUID } from 'node:crypto';
import { constants, type Stats } from 'node:fs';
import { type FileHandle, lstat, open, readlink, realpath, rename, rm } from 'node:fs/promises';
import path from 'node:path';

// Helpers for files that come from outside (a feed folder, an inbox) or that outsiders can
// reach: a symbolic link or a hard link planted there must never turn a read or a write into
// one of another file the server can reach.

export const errorCode = (err: unknown): string | undefined =>
  typeof err === 'object' && err !== null && 'code' in err ? String(err.code) : undefined;

/** True when `child` is strictly below `parent` (both absolute and normalised). */
export function isInside(child: string, parent: string): boolean {
  if (child === parent) return false;
  return child.startsWith(parent.endsWith(path.sep) ? parent : `${parent}${path.sep}`);
}

/** Why `name` is not one plain entry of a folder, or undefined when it is. */
export function plainNameProblem(name: string): string | undefined {
  if (name === '' || name === '.' || name === '..') return 'is not a file name';
  if (name.includes('/') || name.includes('\\') || name.includes('\0')) {
    return 'must be a single name, without / or \\';
  }
  return undefined;
}

/**
 * The path the kernel says an open file has (Linux: /proc/self/fd), or undefined where the
 * platform cannot tell. Checked after the open, it sees a folder swapped for a link in
 * between, which no check made before the open can.
 */
export async function openedPath(handle: FileHandle): Promise<string | undefined> {
  try {
    return await readlink(`/proc/self/fd/${handle.fd}`);
  } catch {
    return undefined;
  }
}

/** Whether the open file is the directory entry `expected`, not one reached through a link. */
async function isOpenedAt(handle: FileHandle, expected: string, stats: Stats): Promise<boolean> {
  const where = await openedPath(handle);
  if (where !== undefined) return where === expected;
  // Without /proc: the name must still be that file, and resolve to itself.
  try {
    const now = await lstat(expected);
    return (
      now.dev === stats.dev && now.ino === stats.ino && (await realpath(expected)) === expected
    );
  } catch {
    return false;
  }
}

export type FileProblem =
  'missing' | 'symlink' | 'not-a-file' | 'hard-linked' | 'outside' | 'unreadable';

export type OpenedFile =
  | { ok: true; handle: FileHandle; size: number }
  | { ok: false; problem: FileProblem; detail: string };

const problem = (p: FileProblem, detail: string): OpenedFile => ({ ok: false, problem: p, detail });

/**
 * Opens `name`, a regular file directly inside `folder`, for reading, without following a
 * link: not a symbolic link (O_NOFOLLOW, and lstat first), not a FIFO or device (the open does
 * not block on one), not a hard link to a file elsewhere (it must have one link), and, checked
 * on the open file, at exactly `<folder>/<name>`. `folder` must be a real path (realpath):
 * reached in any other way, every file is refused as outside it. Never throws for what is
 * found at the name; the caller closes the handle.
 */
export async function openFileIn(folder: string, name: string): Promise<OpenedFile> {
  const bad = plainNameProblem(name);
  if (bad) return problem('outside', `${JSON.stringify(name)} ${bad}`);
  const file = path.join(folder, name);
  let before: Stats;
  try {
    before = await lstat(file);
  } catch (err) {
    const code = errorCode(err);
    if (code === 'ENOENT') return problem('missing', `${name} is not in the folder`);
    if (code === 'ENOTDIR') return problem('missing', `${folder} is not a folder`);
    return problem('unreadable', `${name}: ${(err as Error).message}`);
  }
  if (before.isSymbolicLink()) {
    return problem('symlink', `${name} is a symbolic link, which is not followed`);
  }
  if (!before.isFile()) return problem('not-a-file', `${name} is not a regular file`);

  let handle: FileHandle;
  try {
    handle = await open(file, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (err) {
    const code = errorCode(err);
    if (code === 'ELOOP') {
      return problem('symlink', `${name} is a symbolic link, which is not followed`);
    }
    if (code === 'ENOENT') return problem('missing', `${name} is not in the folder`);
    return problem('unreadable', `${name}: ${(err as Error).message}`);
  }
  try {
    const stats = await handle.stat();
    let refused: OpenedFile | undefined;
    if (!stats.isFile()) refused = problem('not-a-file', `${name} is not a regular file`);
    else if (
      stats.dev !== before.dev ||
      stats.ino !== before.ino ||
      !(await isOpenedAt(handle, file, stats))
    ) {
      refused = problem('outside', `${name} is not a file of the folder ${folder}`);
    } else if (stats.nlink > 1) {
      refused = problem('hard-linked', `${name} has ${stats.nlink} hard links; it must have one`);
    }
    if (refused) {
      await handle.close();
      return refused;
    }
    return { ok: true, handle, size: stats.size };
  } catch (err) {
    await handle.close();
    return problem('unreadable', `${name}: ${(err as Error).message}`);
  }
}

/** Reads at most `maxBytes` from the start of an open file; `truncated` when there was more. */
export async function readUpTo(
  handle: FileHandle,
  maxBytes: number,
): Promise<{ bytes: Uint8Array; truncated: boolean }> {
  const chunks: Buffer[] = [];
  let total = 0;
  // One byte past the limit tells a file of exactly the limit from a longer one.
  while (total <= maxBytes) {
    const chunk = Buffer.alloc(Math.min(1024 * 1024, maxBytes + 1 - total));
    const { bytesRead } = await handle.read(chunk, 0, chunk.length, total);
    if (bytesRead === 0) break;
    chunks.push(chunk.subarray(0, bytesRead));
    total += bytesRead;
  }
  const all = Buffer.concat(chunks, total);
  const truncated = total > maxBytes;
  return { bytes: new Uint8Array(truncated ? all.subarray(0, maxBytes) : all), truncated };
}

/** The folder is not a plain folder of its parent: a write there is refused. */
export class UnsafePathError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnsafePathError';
  }
}

/**
 * Checks that `folder` is a real directory: not a symbolic link, and its real path is itself.
 * Throws UnsafePathError (ENOENT errors pass through as they are).
 */
export async function assertRealFolder(folder: string): Promise<void> {
  const info = await lstat(folder);
  if (info.isSymbolicLink()) {
    throw new UnsafePathError(`${folder} is a symbolic link, which is not followed`);
  }
  if (!info.isDirectory()) throw new UnsafePathError(`${folder} is not a folder`);
  if ((await realpath(folder)) !== folder) {
    throw new UnsafePathError(
      `${folder} is reached through a symbolic link, which is not followed`,
    );
  }
}

/**
 * Writes `name` in `folder` (a real path) whole or not at all: into a new temporary file
 * (exclusive create, so no planted file or link is written through), checked to be in the
 * folder once open, then renamed over `name` — which replaces a link there rather than
 * following it. Throws UnsafePathError when the folder was reached through a link.
 */
export async function writeFileIn(
  folder: string,
  name: string,
  data: string | Uint8Array,
): Promise<string> {
  const bad = plainNameProblem(name);
  if (bad) throw new UnsafePathError(`${JSON.stringify(name)} ${bad}`);
  await assertRealFolder(folder);
  const file = path.join(folder, name);
  const temp = path.join(folder, `.${name}.${randomUUID()}.tmp`);
  const handle = await open(temp, 'wx', 0o644);
  try {
    const where = await openedPath(handle);
    if (where !== undefined && where !== temp) {
      throw new UnsafePathError(
        `${folder} is reached through a symbolic link, which is not followed`,
      );
    }
    await handle.writeFile(data);
    await handle.sync();
    await handle.close();
    await rename(temp, file);
    return file;
  } catch (err) {
    await handle.close().catch(() => undefined);
    await rm(temp, { force: true });
    throw err;
  }
}
