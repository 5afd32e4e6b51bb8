import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.ts';
import { errorResponse, schema } from '../../lib/schema.ts';
import { createFileBlobStore } from '../../storage/blob-store.ts';
import { DownloadQuery, PdfResponse } from './documents.schemas.ts';
import * as service from './documents.service.ts';

export type DocumentsRoutesOptions = { db: Database; documentsDir: string };

export async function documentsRoutes(
  app: FastifyInstance,
  { db, documentsDir }: DocumentsRoutesOptions,
) {
  const store = createFileBlobStore(documentsDir);

  app.get(
    '/document/download',
    {
      schema: {
        operationId: 'downloadDocument',
        tags: ['documents'],
        summary: 'Downloads the PDF of a recorded document',
        description:
          'The document of one of your alerts, by its countyCodeContainerName and parsedDocumentName. Staff may download any document. Any other document answers 404, as one that does not exist.',
        security: [{ session: [] }],
        querystring: schema(DownloadQuery),
        response: {
          200: PdfResponse,
          400: errorResponse('containerName or fileName is missing or not a single file name'),
          404: errorResponse(
            'No such document among your alerts, or its file is missing from the store',
          ),
        },
      },
    },
    async (request, reply) => {
      const download = await service.openDocument(
        { db, store },
        request.session.userId,
        request.query as DownloadQuery,
        request.log,
      );
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Length', download.size)
        .header('Content-Disposition', service.contentDisposition(download.fileName))
        .header('Cache-Control', 'private, no-store')
        .send(download.stream);
    },
  );
}
