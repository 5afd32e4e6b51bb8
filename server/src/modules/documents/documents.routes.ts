import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Database } from '../../db/database.ts';
import { route } from '../../lib/route.ts';
import { errorResponse } from '../../lib/schema.ts';
import type { BlobStore } from '../../storage/blob-store.ts';
import { DownloadQuery, PdfResponse } from './documents.schemas.ts';
import * as service from './documents.service.ts';

export type DocumentsRoutesOptions = { db: Database; blobs: BlobStore };

/**
 * Answers with a stored PDF as an attachment that no cache keeps: a recorded document, or a
 * case packet (modules/cases).
 */
export function sendPdf(reply: FastifyReply, pdf: service.DocumentDownload) {
  return reply
    .header('Content-Type', 'application/pdf')
    .header('Content-Length', pdf.size)
    .header('Content-Disposition', service.contentDisposition(pdf.fileName))
    .header('Cache-Control', 'private, no-store')
    .send(pdf.stream);
}

export async function documentsRoutes(
  app: FastifyInstance,
  { db, blobs: store }: DocumentsRoutesOptions,
) {
  route(app, {
    method: 'GET',
    url: '/document/download',
    // Open to anyone: the service answers 404 to everyone but the owner and staff, nobody
    // signed in included, so the answer never tells whether a document exists.
    access: 'public',
    schema: {
      operationId: 'downloadDocument',
      tags: ['documents'],
      summary: 'Downloads the PDF of a recorded document',
      description:
        'The document of one of your alerts, by its countyCodeContainerName and parsedDocumentName. Staff may download any document. Any other document answers 404, as one that does not exist.',
      security: [{ session: [] }],
      querystring: DownloadQuery,
      response: {
        200: PdfResponse,
        400: errorResponse('containerName or fileName is missing or not a single file name'),
        404: errorResponse(
          'No such document among your alerts, or its file is missing from the store',
        ),
      },
    },
    handler: async (request, reply, caller) => {
      const download = await service.openDocument(
        db,
        store,
        caller?.userId,
        request.query,
        request.log,
      );
      return sendPdf(reply, download);
    },
  });
}
