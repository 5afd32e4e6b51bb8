import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database.ts';
import type { Role } from '../../db/types.ts';
import { said } from '../../lib/errors.ts';
import { STAFF_ROLES } from '../../lib/route.ts';
import { type BlobStore, InvalidBlobKeyError } from '../../storage/blob-store.ts';
import type { DownloadQuery } from './documents.schemas.ts';
import * as repo from './documents.repository.ts';

export type DocumentDownload = { fileName: string; size: number; stream: Readable };

/** The same for a document that does not exist and for one of somebody else's. */
const notFound = () => said(404, 'errors.documentNotFound');
const fileMissing = (documentNumber: string) =>
  said(404, 'errors.documentFileMissing', { document: documentNumber });

/** The English messages of the two 404s (told in the caller's language). */
export const DOCUMENT_NOT_FOUND = notFound().message;
export const documentFileMissing = (documentNumber: string) => fileMissing(documentNumber).message;

const isStaff = (role: Role) => (STAFF_ROLES as readonly Role[]).includes(role);

/**
 * Opens a recorded document for its download. Staff may open any document; a subscriber only
 * one they have an event for, and any other is "not found", exactly like a document that does
 * not exist. Nobody signed in gets that same 404, decided before anything is looked up, so the
 * answer never tells whether a document exists.
 *
 * The key is looked up by equality; the bytes are read with the row's own container and file
 * name, which the blob store checks again.
 */
export async function openDocument(
  db: Database,
  store: BlobStore,
  userId: string | undefined,
  query: DownloadQuery,
  log: Pick<FastifyBaseLogger, 'error'>,
): Promise<DocumentDownload> {
  const user = userId ? await repo.findUserRole(db, userId) : undefined;
  if (!user) throw notFound();

  const key = { container: query.containerName, fileName: query.fileName };
  const document = isStaff(user.role)
    ? await repo.findDocument(db, key)
    : await repo.findDocumentOfUser(db, key, user.id);
  if (!document) throw notFound();

  const where = {
    documentId: document.id,
    container: document.container,
    fileName: document.file_name,
  };
  let blob;
  try {
    blob = await store.get(document.container, document.file_name);
  } catch (err) {
    if (!(err instanceof InvalidBlobKeyError)) throw err;
    log.error(
      { ...where, reason: err.message },
      'recorded document has a key the blob store refuses',
    );
    throw fileMissing(document.document_number);
  }
  if (!blob) {
    log.error(where, 'recorded document file is missing from the blob store');
    throw fileMissing(document.document_number);
  }
  return { fileName: document.file_name, size: blob.size, stream: blob.stream };
}

// RFC 5987 attr-char: what may stay unencoded in filename*.
const encodeRfc5987 = (value: string) =>
  encodeURIComponent(value).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );

/**
 * `attachment; filename="…"` with a plain-ASCII name (quotes, backslashes, percent signs and
 * anything outside printable ASCII become `_`), plus the exact name as `filename*` (RFC 6266)
 * when the plain one had to change.
 */
export function contentDisposition(fileName: string): string {
  const plain = fileName.replace(/[^\x20-\x7e]|["\\%]/gu, '_');
  const header = `attachment; filename="${plain}"`;
  return plain === fileName ? header : `${header}; filename*=UTF-8''${encodeRfc5987(fileName)}`;
}
