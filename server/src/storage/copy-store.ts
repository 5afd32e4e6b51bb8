import { createHash } from 'node:crypto';
import { Transform } from 'node:stream';
import type { BlobEntry, BlobStore } from './blob-store.ts';

export type CopiedObject = BlobEntry & {
  /** Hex SHA-256 of the bytes copied; undefined for an object skipped as already there. */
  sha256: string | undefined;
};

export type CopySummary = {
  /** Objects the source listed. */
  objects: number;
  copied: number;
  /** Already in the target with the same size: left as they were. */
  skipped: number;
  /** Listed, then gone from the source before they were read. */
  vanished: number;
  bytesCopied: number;
};

export type CopyOptions = {
  /** Objects copied at once (each one streamed, never held whole). Default 8. */
  concurrency?: number;
  /** Copy every object, even one the target already has with the same size. */
  overwrite?: boolean;
  /** Called for each object copied or skipped, in the order they finish. */
  onObject?: (object: CopiedObject) => void;
};

/** A pass-through that hashes what flows through it. */
function hashing(): { stream: Transform; digest: () => string } {
  const hash = createHash('sha256');
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      done(null, chunk);
    },
  });
  return { stream, digest: () => hash.digest('hex') };
}

/**
 * Copies every object of `from` into `to`, streaming each (out of one, through a hash, into
 * the other). An object the target already holds with the same size is skipped unless
 * `overwrite`, so a copy that was interrupted is finished by running it again. An object the
 * source lists but no longer has is counted as vanished, not an error.
 */
export async function copyStore(
  from: BlobStore,
  to: BlobStore,
  options: CopyOptions = {},
): Promise<CopySummary> {
  const summary: CopySummary = { objects: 0, copied: 0, skipped: 0, vanished: 0, bytesCopied: 0 };
  const existing = new Map<string, number>();
  if (!options.overwrite) {
    for await (const o of to.list()) existing.set(`${o.container}/${o.name}`, o.size);
  }

  async function copyOne(entry: BlobEntry) {
    if (existing.get(`${entry.container}/${entry.name}`) === entry.size) {
      summary.skipped++;
      options.onObject?.({ ...entry, sha256: undefined });
      return;
    }
    const blob = await from.get(entry.container, entry.name);
    if (!blob) {
      summary.vanished++;
      return;
    }
    const hash = hashing();
    blob.stream.on('error', (err) => hash.stream.destroy(err));
    await to.put(entry.container, entry.name, blob.stream.pipe(hash.stream));
    summary.copied++;
    summary.bytesCopied += blob.size;
    options.onObject?.({ ...entry, size: blob.size, sha256: hash.digest() });
  }

  const running = new Set<Promise<void>>();
  const concurrency = Math.max(1, options.concurrency ?? 8);
  let failure: unknown;
  for await (const entry of from.list()) {
    if (failure !== undefined) break;
    summary.objects++;
    const task: Promise<void> = copyOne(entry)
      .catch((err: unknown) => {
        failure ??= err;
      })
      .finally(() => running.delete(task));
    running.add(task);
    if (running.size >= concurrency) await Promise.race(running);
  }
  await Promise.all(running);
  if (failure !== undefined) throw failure;
  return summary;
}
