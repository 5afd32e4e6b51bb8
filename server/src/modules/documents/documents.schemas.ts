import * as v from 'valibot';
import { blobKeyProblem, MAX_BLOB_KEY_BYTES } from '../../storage/blob-store.ts';
import type { JsonSchema } from '../../lib/schema.ts';

/**
 * One segment of a document's key, as the event gave it: the blob store's own rule, checked at
 * the edge too so a path in a query is a 400 before anything is looked up.
 */
const BlobKey = (description: string) =>
  // abortPipeEarly: one message per field, not "is required; must not be empty".
  v.config(
    v.pipe(
      v.string(),
      v.minLength(1, 'is required'),
      v.maxLength(MAX_BLOB_KEY_BYTES, `must be at most ${MAX_BLOB_KEY_BYTES} characters`),
      v.check(
        (value) => blobKeyProblem(value) === undefined,
        (issue) => blobKeyProblem(issue.input) ?? 'is not a valid name',
      ),
      v.description(description),
    ),
    { abortPipeEarly: true },
  );

export const DownloadQuery = v.strictObject({
  containerName: BlobKey("The event's countyCodeContainerName"),
  fileName: BlobKey("The event's parsedDocumentName"),
});
export type DownloadQuery = v.InferOutput<typeof DownloadQuery>;

/** The 200 of a download: PDF bytes, declared as such for the OpenAPI document. */
export const PdfResponse: JsonSchema = {
  description: 'The PDF of the recorded document, as an attachment',
  headers: {
    'Content-Disposition': {
      type: 'string',
      description:
        'attachment; filename="<fileName>" (and filename* when the name is not plain ASCII)',
    },
  },
  content: {
    'application/pdf': { schema: { type: 'string', format: 'binary' } },
  },
};
