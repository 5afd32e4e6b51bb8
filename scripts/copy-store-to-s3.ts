// npm run store:copy-to-s3 [-- --overwrite]
// Copies the folder document store (DOCUMENTS_DIR) into the bucket that S3_BUCKET, S3_REGION,
// S3_ENDPOINT and the S3 credentials name, object by object, streamed, keeping every key
// (<container>/<file>). Objects the bucket already has with the same size are skipped, so an
// interrupted copy is finished by running it again. Then set DOCUMENT_STORE=s3 on every process.
import { parseArgs } from 'node:util';
import { loadConfigOrExit } from '../server/src/runtime.ts';
import { createFileBlobStore } from '../server/src/storage/blob-store.ts';
import { copyStore } from '../server/src/storage/copy-store.ts';
import { describeStore } from '../server/src/storage/document-store.ts';
import { createS3BlobStore } from '../server/src/storage/s3-blob-store.ts';

const USAGE =
  'Usage: npm run store:copy-to-s3 [-- --overwrite]   (--overwrite copies every object again, even one the bucket has with the same size)';
let values: { overwrite: boolean };
try {
  ({ values } = parseArgs({ options: { overwrite: { type: 'boolean', default: false } } }));
} catch (err) {
  console.error(`${(err as Error).message}\n${USAGE}`);
  process.exit(2);
}
const config = loadConfigOrExit();
if (!config.s3) {
  console.error(
    'Set S3_BUCKET (and S3_REGION, S3_ENDPOINT for a store other than AWS S3, and the S3 credentials) to the bucket to copy into.',
  );
  process.exit(2);
}
const from = createFileBlobStore(config.documentsDir);
const to = createS3BlobStore(config.s3);
const target = describeStore({ ...config, documentStore: 's3' });
console.log(`Copying ${describeStore({ ...config, documentStore: 'fs' })} into ${target} …`);
let done = 0;
let summary;
try {
  summary = await copyStore(from, to, {
    overwrite: values.overwrite,
    onObject: () => {
      done++;
      if (done % 1000 === 0) console.log(`  ${done} objects`);
    },
  });
} catch (err) {
  // The bucket unreachable or refusing: one line saying which, and that running again goes on.
  console.error(
    `The copy into ${target} stopped after ${done} objects: ${(err as Error).message}. Check S3_BUCKET, S3_REGION, S3_ENDPOINT and the S3 credentials; running it again skips what is already there.`,
  );
  process.exit(1);
}
console.log(JSON.stringify(summary, null, 2));
console.log(
  `Every object of the folder is in ${target}. Set DOCUMENT_STORE=s3 (with the same S3_* settings) on every API and worker process, and restart them.`,
);
