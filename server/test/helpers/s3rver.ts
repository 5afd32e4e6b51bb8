import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, type S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import type { S3Settings } from '../../src/config.ts';
import { createS3Client } from '../../src/storage/s3-blob-store.ts';

/** s3rver's fixed credentials: any other pair is refused, as AWS S3 would. */
export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export type LocalS3 = {
  endpoint: string;
  /** The settings of a bucket of this server, as loadConfig makes them. */
  settings: (bucket: string) => S3Settings;
  /** The DOCUMENT_STORE=s3 environment for a bucket of this server. */
  env: (bucket: string) => Record<string, string>;
  /** Creates a bucket; returns a client on it, for checks from outside the store. */
  createBucket: (bucket: string) => Promise<S3Client>;
  close: () => Promise<void>;
};

/**
 * A local S3-compatible server (s3rver, objects in a temporary folder) on a free port of
 * 127.0.0.1: the real AWS SDK talks to it over HTTP, path-style, with signed requests.
 */
export async function startLocalS3(): Promise<LocalS3> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'deedwatch-s3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const settings = (bucket: string): S3Settings => ({
    bucket,
    region: 'us-east-1',
    endpoint,
    credentials: S3RVER_CREDENTIALS,
    forcePathStyle: true,
  });
  const clients: S3Client[] = [];
  return {
    endpoint,
    settings,
    env: (bucket) => ({
      DOCUMENT_STORE: 's3',
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    }),
    async createBucket(bucket) {
      const client = createS3Client(settings(bucket));
      clients.push(client);
      await client.send(new CreateBucketCommand({ Bucket: bucket }));
      return client;
    },
    async close() {
      for (const client of clients) client.destroy();
      // Keep-alive sockets of clients that were not destroyed would hold close() open.
      server.httpServer?.closeAllConnections();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
