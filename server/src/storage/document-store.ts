import type { Config } from '../config.ts';
import { type BlobStore, createFileBlobStore } from './blob-store.ts';
import { createS3BlobStore } from './s3-blob-store.ts';

export type DocumentStoreConfig = Pick<Config, 'documentStore' | 'documentsDir' | 's3'>;

/** The document store DOCUMENT_STORE names: the documents folder, or the S3 bucket. */
export function createBlobStore(config: DocumentStoreConfig): BlobStore {
  if (config.documentStore === 's3') {
    // loadConfig refuses DOCUMENT_STORE=s3 without S3_BUCKET.
    if (!config.s3) throw new Error('DOCUMENT_STORE is s3 but no bucket is configured');
    return createS3BlobStore(config.s3);
  }
  return createFileBlobStore(config.documentsDir);
}

/** Where the documents are, for logs and command output: never a credential. */
export function describeStore(config: DocumentStoreConfig): string {
  if (config.documentStore === 's3' && config.s3) {
    const where = config.s3.endpoint ?? `AWS S3 ${config.s3.region}`;
    return `bucket ${config.s3.bucket} at ${where}`;
  }
  return `folder ${config.documentsDir}`;
}
