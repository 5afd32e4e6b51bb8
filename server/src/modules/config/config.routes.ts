import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import type { Database } from '../../db/database.ts';
import { response } from '../../lib/schema.ts';
import { listEnabledCounties } from './config.repository.ts';

export const PublicCounty = v.object({
  name: v.pipe(v.string(), v.description('The county name every request uses to name it')),
  mask: v.pipe(v.string(), v.description('APN input mask: 0 a digit, a a letter, - kept as typed')),
  format: v.pipe(v.string(), v.description('An example APN in the county format')),
});

export async function configRoutes(app: FastifyInstance, { db }: { db: Database }) {
  app.get(
    '/config',
    {
      schema: {
        operationId: 'getConfig',
        tags: ['config'],
        summary: 'The enabled counties and their APN formats',
        response: { 200: response(v.array(PublicCounty), 'The enabled counties, by name') },
      },
    },
    async () => {
      const counties = await listEnabledCounties(db);
      return counties.map((c) => ({ name: c.name, mask: c.ui_mask, format: c.format }));
    },
  );
}
