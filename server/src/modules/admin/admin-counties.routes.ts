import type { PgBoss } from 'pg-boss';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.ts';
import type { CountyPathPolicy } from '../../lib/county-paths.ts';
import { route } from '../../lib/route.ts';
import { errorResponse, maxJsonBytes, response } from '../../lib/schema.ts';
import {
  AdminCounty,
  AdminCountyList,
  LevelDefaults,
  UpdateCountyBody,
} from './admin-counties.schemas.ts';
import * as service from './admin-counties.service.ts';

/** The back-office Counties tab: every county, and the Edit County form. */
export async function adminCountiesRoutes(
  app: FastifyInstance,
  { db, boss, countyPaths }: { db: Database; boss?: PgBoss; countyPaths: CountyPathPolicy },
) {
  const admin = { tags: ['admin'], security: [{ session: [] }] };
  const noSession = errorResponse('Nobody is signed in');
  const notAdmin = errorResponse('Only admins see and edit counties');

  route(app, {
    method: 'GET',
    url: '/admin/counties',
    access: 'admin',
    schema: {
      ...admin,
      operationId: 'listAdminCounties',
      summary: 'Admin: every county with all its settings',
      response: {
        200: response(AdminCountyList, 'Every county, by name'),
        401: noSession,
        403: notAdmin,
      },
    },
    handler: async () => service.listCounties(db),
  });

  route(app, {
    method: 'POST',
    url: '/admin/counties/update',
    access: 'admin',
    // 200 mailer document types at their longest (about 73 KB) need more than the default.
    bodyLimit: maxJsonBytes(UpdateCountyBody),
    // After the access guard, before the schema: every missing field is named in one 400.
    preValidation: async (request) => service.assertRequiredFields(request.body),
    schema: {
      ...admin,
      operationId: 'updateCounty',
      summary: 'Admin: saves the Edit County form',
      description:
        "Required: name, code, uiMask, dataMask, format, linkUrl, alertSendGridEmailTemplateId and isEnabled (a 400 names every one missing or blank). The mailer fields, the fraud contact (fraudContactName, fraudContactPhone, fraudContactEmail, fraudContactUrl) and levelOverrides are optional: an omitted one keeps its current value. Text is trimmed; code is upper-cased; masks may contain only 0, a and -; linkUrl must be an http(s) URL; mailerDocumentTypes are trimmed, upper-cased and deduplicated; the fraud phone must be a phone number, its email an email address and its web page an http(s) URL, or empty. levelOverrides replaces the county's own level rows (a document type and subject at most once); the level of the county's events of every document type whose rows changed is recomputed in the same transaction. Code and name are unique among counties (409). The change is written to the audit log with each changed field before and after.",
      body: UpdateCountyBody,
      response: {
        200: response(AdminCounty, 'The county as saved'),
        400: errorResponse('A required field is missing, or a field is invalid or unknown'),
        401: noSession,
        403: notAdmin,
        404: errorResponse('No county with that id'),
        409: errorResponse('Another county has that code or name'),
      },
    },
    handler: async (request, _reply, caller) =>
      service.updateCounty(db, caller, request.body, countyPaths, boss),
  });

  route(app, {
    method: 'GET',
    url: '/admin/levels/defaults',
    access: 'admin',
    schema: {
      ...admin,
      operationId: 'listLevelDefaults',
      summary: 'Admin: the default level table that counties override',
      response: {
        200: response(LevelDefaults, 'Every default row, by document type and subject'),
        401: noSession,
        403: notAdmin,
      },
    },
    handler: async () => service.levelDefaults(db),
  });
}
