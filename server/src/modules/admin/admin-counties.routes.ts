import type { FastifyInstance, FastifyRequest } from 'fastify';
import type * as v from 'valibot';
import type { Database } from '../../db/database.ts';
import type { CountyPathPolicy } from '../../lib/county-paths.ts';
import { errorResponse, maxJsonBytes, response, schema } from '../../lib/schema.ts';
import { requireRole } from '../../plugins/auth-guard.ts';
import type { AuthMail } from '../auth/auth-mail.ts';
import { adminAuditRoutes } from './admin-audit.routes.ts';
import { actorOf } from './admin-audit.service.ts';
import { AdminCounty, AdminCountyList, UpdateCountyBody } from './admin-counties.schemas.ts';
import * as service from './admin-counties.service.ts';

export async function adminCountiesRoutes(
  app: FastifyInstance,
  { db, mail, countyPaths }: { db: Database; mail: AuthMail; countyPaths: CountyPathPolicy },
) {
  // Checked before the input, so nobody without the role learns what the route accepts.
  const adminOnly = async (request: FastifyRequest) => {
    await requireRole(request, db, ['admin']);
  };
  const admin = { tags: ['admin'], security: [{ session: [] }] };
  const noSession = errorResponse('Nobody is signed in');
  const notAdmin = errorResponse('Only admins see and edit counties');

  app.get(
    '/admin/counties',
    {
      preValidation: adminOnly,
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
    },
    async () => service.listCounties(db),
  );

  app.post(
    '/admin/counties/update',
    {
      // 200 mailer document types at their longest (about 73 KB) need more than the default.
      bodyLimit: maxJsonBytes(UpdateCountyBody),
      preValidation: [
        adminOnly,
        async (request: FastifyRequest) => service.assertRequiredFields(request.body),
      ],
      schema: {
        ...admin,
        operationId: 'updateCounty',
        summary: 'Admin: saves the Edit County form',
        description:
          'Required: name, code, uiMask, dataMask, format, linkUrl, alertSendGridEmailTemplateId and isEnabled (a 400 names every one missing or blank). The mailer fields are optional: an omitted one keeps its current value. Text is trimmed; code is upper-cased; masks may contain only 0, a and -; linkUrl must be an http(s) URL; mailerDocumentTypes are trimmed, upper-cased and deduplicated. Code and name are unique among counties (409). The change is written to the audit log with each changed field before and after.',
        body: schema(UpdateCountyBody),
        response: {
          200: response(AdminCounty, 'The county as saved'),
          400: errorResponse('A required field is missing, or a field is invalid or unknown'),
          401: noSession,
          403: notAdmin,
          404: errorResponse('No county with that id'),
          409: errorResponse('Another county has that code or name'),
        },
      },
    },
    async (request) =>
      service.updateCounty(
        db,
        actorOf(request),
        request.body as v.InferOutput<typeof UpdateCountyBody>,
        countyPaths,
      ),
  );

  await app.register(adminAuditRoutes, { db, mail });
}
