import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { Readable } from 'node:stream';
import type { S3Settings } from '../config.ts';
import { assertBlobKey, type BlobStore, blobKeyProblem } from './blob-store.ts';

/**
 * A streamed upload goes up in parts of this size, at most PARTS_IN_FLIGHT at once: what it
 * holds in memory, whatever the object's size. A stream shorter than one part is one PUT.
 */
export const S3_PART_BYTES = 8 * 1024 * 1024;
const PARTS_IN_FLIGHT = 2;

/** A client for the configured bucket's endpoint. */
export function createS3Client(s3: S3Settings): S3Client {
  return new S3Client({
    region: s3.region,
    endpoint: s3.endpoint,
    forcePathStyle: s3.forcePathStyle,
    // A copy: the SDK writes its own bookkeeping into the object it is given.
    credentials: s3.credentials && { ...s3.credentials },
    // The SDK's default CRC checksums travel as chunked trailers, which S3-compatible stores
    // (older MinIO, R2, s3rver) do not all read; send them only where the API requires one.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // Without these a store that stops answering would hold a worker's job forever.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 },
  });
}

/** The object or bucket is not there: S3 names it (NoSuchKey), or a HEAD's bare 404 says so. */
const isNotFound = (err: unknown) =>
  typeof err === 'object' &&
  err !== null &&
  ((err as { name?: string }).name === 'NoSuchKey' ||
    (err as { name?: string }).name === 'NotFound');

/**
 * A BlobStore over an S3-compatible bucket, an object per `<container>/<name>`: the keys the
 * filesystem store takes, refused by the same rules (blobKeyProblem) before any request, so a
 * key is always exactly two segments and never `.`, `..` or a path. PUTs replace an object
 * whole, so readers see the old or the new one; bytes stream in (one PUT, or a multipart upload
 * of S3_PART_BYTES parts for a stream) and out (the response body, never buffered here).
 */
export function createS3BlobStore(
  s3: S3Settings,
  client: S3Client = createS3Client(s3),
): BlobStore {
  const Bucket = s3.bucket;

  function keyOf(container: string, name: string): string {
    assertBlobKey('container', container);
    assertBlobKey('name', name);
    return `${container}/${name}`;
  }

  async function exists(Key: string): Promise<boolean> {
    try {
      await client.send(new HeadObjectCommand({ Bucket, Key }));
      return true;
    } catch (err) {
      if (isNotFound(err)) return false;
      throw err;
    }
  }

  return {
    async put(container, name, body) {
      const Key = keyOf(container, name);
      if (body instanceof Uint8Array) {
        await client.send(
          new PutObjectCommand({ Bucket, Key, Body: body, ContentLength: body.byteLength }),
        );
        return;
      }
      // A multipart upload that fails is aborted, its parts removed: nothing is stored.
      await new Upload({
        client,
        params: { Bucket, Key, Body: body },
        partSize: S3_PART_BYTES,
        queueSize: PARTS_IN_FLIGHT,
        leavePartsOnError: false,
      }).done();
    },

    async get(container, name) {
      const Key = keyOf(container, name);
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key }));
        return { size: object.ContentLength ?? 0, stream: object.Body as Readable };
      } catch (err) {
        if (isNotFound(err)) return undefined;
        throw err;
      }
    },

    async exists(container, name) {
      return exists(keyOf(container, name));
    },

    async delete(container, name) {
      const Key = keyOf(container, name);
      // S3 deletes a missing key without a word: ask first, to say whether one was there.
      if (!(await exists(Key))) return false;
      await client.send(new DeleteObjectCommand({ Bucket, Key }));
      return true;
    },

    async *list() {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, ContinuationToken }));
        for (const object of page.Contents ?? []) {
          const parts = object.Key?.split('/') ?? [];
          const [container, name] = parts;
          if (parts.length !== 2 || blobKeyProblem(container) || blobKeyProblem(name)) continue;
          yield { container: container!, name: name!, size: object.Size ?? 0 };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
  };
}
