import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import type { Database } from '../../db/database.ts';
import { route } from '../../lib/route.ts';
import { response } from '../../lib/schema.ts';
import { PublicCounty } from './config.schemas.ts';
import { publicCounties } from './config.service.ts';

export async function configRoutes(app: FastifyInstance, { db }: { db: Database }) {
  route(app, {
    method: 'GET',
    url: '/config',
    access: 'public',
    schema: {
      operationId: 'getConfig',
      tags: ['config'],
      summary: 'The enabled counties and their APN formats',
      response: { 200: response(v.array(PublicCounty), 'The enabled counties, by name') },
    },
    handler: async () => publicCounties(db),
  });
}
