import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import type { Database } from '../../db/database.ts';
import { route } from '../../lib/route.ts';
import { response } from '../../lib/schema.ts';
import { NotificationOptions, PublicCounty } from './config.schemas.ts';
import { notificationOptions, publicCounties } from './config.service.ts';

export async function configRoutes(
  app: FastifyInstance,
  { db, smsOffered }: { db: Database; smsOffered: boolean },
) {
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

  route(app, {
    method: 'GET',
    url: '/config/notifications',
    access: 'public',
    schema: {
      operationId: 'getNotificationOptions',
      tags: ['config'],
      summary: 'Which notification method types this server offers',
      description:
        'SMS is listed only when the server has a text transport (SMS_TRANSPORT); without one, adding a phone method is refused and the web app does not offer it.',
      response: { 200: response(NotificationOptions, 'The method types on offer') },
    },
    handler: async () => notificationOptions(smsOffered),
  });
}
